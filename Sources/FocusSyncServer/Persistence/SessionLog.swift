import FocusProtocol
import Foundation
import SessionMachine

/// A session as any store hands it back: its latest snapshot, the members stored after it and
/// the changes after it, each as the bytes ``SessionLog/encode(_:)`` and
/// `ChangeRecord.encodedBody()` wrote.
struct SessionLog {
    /// One stored change: its revision, time and body.
    struct Change {
        var revision: Int64
        var at: Int64
        var body: [UInt8]
    }

    var snapshot: [UInt8]?
    var members: [[UInt8]]
    var changes: [Change]

    /// The machine the log describes, built by `rebuild` (the same engine, configuration and
    /// renderer as new sessions get) from the snapshot, with the members put back and the
    /// changes replayed. Nil without a readable snapshot: a session whose creator died before
    /// storing it, which nobody can have seen.
    func restore(_ rebuild: (DurableSession) -> SessionMachine?) -> RestoredSession? {
        let decoder = JSONDecoder()
        guard let snapshot, let durable = try? decoder.decode(DurableSession.self, from: Data(snapshot)),
            var machine = rebuild(durable)
        else { return nil }
        for member in members {
            if let record = try? decoder.decode(DurableMember.self, from: Data(member)) { machine.restore(record) }
        }
        var problem: String?
        do {
            for change in changes {
                try machine.replay(try ChangeRecord(revision: Int(change.revision), at: change.at, body: change.body))
            }
        } catch {
            problem = "session \(machine.id.redacted) stops at revision \(machine.revision): \(error)"
        }
        return RestoredSession(machine: machine, problem: problem)
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
