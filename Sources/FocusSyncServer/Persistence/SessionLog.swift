import Dispatch
import FocusProtocol
import Foundation
import Locking
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

    /// The sessions `logs` describe, read, rebuilt with `rebuild` and replayed (see
    /// ``DecodedSession/restore(_:)``), in the order of `logs`; a log without a readable
    /// snapshot gives none. Sessions share nothing, so every core restores runs of them: reading
    /// the JSON and replaying the changes are nearly all of a restart.
    static func restoreAll(_ logs: [SessionLog], rebuild: @Sendable (DurableSession) -> SessionMachine?)
        -> [RestoredSession]
    {
        // Runs of a few sessions, so that the cores finish together: a core whose runs replay
        // fewer changes takes more of them.
        let runCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 32, logs.count))
        let runs = Locked<[Int: [RestoredSession]]>([:])
        DispatchQueue.concurrentPerform(iterations: runCount) { run in
            let restored = logs[logs.count * run / runCount..<logs.count * (run + 1) / runCount].compactMap { log in
                log.restore(rebuild)
            }
            runs.withLock { $0[run] = restored }
        }
        return runs.withLock { runs in (0..<runCount).flatMap { runs[$0] ?? [] } }
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
