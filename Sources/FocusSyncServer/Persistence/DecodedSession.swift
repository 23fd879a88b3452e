import FocusProtocol
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
