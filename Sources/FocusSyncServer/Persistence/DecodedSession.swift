import Dispatch
import FocusProtocol
import Foundation
import Locking
import Sessions

/// A ``SessionLog`` with its JSON read: the snapshot, the members and the changes after the
/// snapshot, ready to rebuild and replay.
struct DecodedSession: Sendable {
    /// Nil when the snapshot is missing or unreadable.
    var snapshot: DurableSession?
    var members: [DurableMember]
    /// In revision order; a change that cannot be read stops the replay there.
    var changes: [Result<ChangeRecord, ReplayError>]

    init(_ log: SessionLog) {
        let decoder = JSONValueDecoder()
        snapshot = log.snapshot.flatMap { try? decoder.decode(DurableSession.self, from: $0) }
        members = log.members.compactMap { try? decoder.decode(DurableMember.self, from: $0) }
        changes = log.changes.map { change in
            Result { () throws(ReplayError) in try ChangeRecord(revision: Int(change.revision), at: change.at, body: change.body)
            }
        }
    }

    /// The machine the log describes, built by `rebuild` (the same engine, configuration and
    /// renderer as new sessions get) from the snapshot, with the members put back and the
    /// changes replayed. Nil without a readable snapshot: a session whose creator died before
    /// storing it, which nobody can have seen.
    func restore(_ rebuild: (DurableSession) -> SessionMachine?) -> RestoredSession? {
        guard let snapshot, var machine = rebuild(snapshot) else { return nil }
        for member in members { machine.restore(member) }
        var problem: String?
        do {
            for change in changes {
                try machine.replay(try change.get())
            }
        } catch {
            problem = "session \(machine.id.redacted) stops at revision \(machine.revision): \(error)"
        }
        return RestoredSession(machine: machine, problem: problem)
    }
}

extension SessionLog {
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
}
