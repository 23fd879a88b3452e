import FocusProtocol
import Sessions

/// A session as any store hands it back: its latest snapshot, the members stored after it and
/// the changes after it, each as the bytes ``SessionLog/encode(_:)`` and
/// `ChangeRecord.encodedBody()` wrote.
struct SessionLog: Sendable {
    /// One stored change: its revision, time and body.
    struct Change: Sendable {
        var revision: Int64
        var at: Int64
        var body: [UInt8]
    }

    var snapshot: [UInt8]?
    var members: [[UInt8]]
    var changes: [Change]

    /// The machine the log describes; see ``DecodedSession/restore(_:)``.
    func restore(_ rebuild: (DurableSession) -> SessionMachine?) -> RestoredSession? {
        DecodedSession(self).restore(rebuild)
    }

    /// A snapshot or member record as every store keeps it: JSON.
    static func encode(_ value: some Encodable) -> [UInt8] {
        // Our own Codable values hold no non-finite numbers, the one thing the encoder refuses.
        (try? StreamingJSONEncoder().encode(value)) ?? []
    }

    /// A session's metadata as every store keeps it: what a person might look for.
    static func metadata(of session: DurableSession) -> [UInt8] {
        Array(#"{"viewer":"\#(session.viewer)"}"#.utf8)
    }
}
