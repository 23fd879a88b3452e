import FocusCore
import FocusProtocol

/// What a session shows: its state as snapshots carry it, each member's part of a snapshot, and
/// the session as it was at an earlier revision. Reading changes nothing: the encodings shared by
/// a burst of joins are the host's to keep.
extension SessionMachine {
    /// The session state as a snapshot and `GET /api/sessions/{id}` carry it.
    public func sessionSnapshot() -> SessionSnapshot {
        var snapshot = program.snapshot()
        snapshot.lesson = lessons.progress
        snapshot.customLesson = lessons.custom
        snapshot.stepping = stepping.snapshot
        return snapshot
    }

    /// A member's snapshot with the state encoded afresh (a host keeps it encoded for every
    /// member joining at one revision instead).
    public func snapshotMessage(_ member: MemberSnapshot) -> SnapshotMessage {
        member.message(state: EncodedJSON(sessionSnapshot()))
    }

    /// The members a snapshot names: the named present ones, and everyone its log mentions.
    private var membersToName: [Member] {
        var seen = Set<MemberID>()
        var named: [Member] = []
        let directory = membership.members
        for member in membership.roster.named.map(\.member) + log.recent.compactMap({ $0.by.flatMap(directory.member) })
        where seen.insert(member.member).inserted {
            named.append(member)
        }
        return named
    }

    func memberSnapshot(for clientId: String, role: Role) -> MemberSnapshot {
        let record = membership[clientId]
        return MemberSnapshot(
            revision: revision,
            you: record?.member ?? Member(member: MemberID(rawValue: "?"), name: "?", color: MemberColors.palette[0]),
            role: role, members: membersToName, present: present, count: ownerCount ?? presenceCount, log: Array(log.recent),
            earliest: timeline.earliest, viewer: role == .editor ? viewerID.rawValue : nil, lastSeq: record?.lastSeq ?? 0,
            lastSplices: record?.splices ?? [:], carets: carets.shared, presentation: presentation.state, shown: shown)
    }

    /// The session as it was at `revision` (or the nearest revision the timeline keeps),
    /// rebuilt from a checkpoint by evolving the changes after it again.
    func past(at revision: Int, time: MachineTime) -> ServerMessage {
        let then: SessionMachine
        do {
            then = try rebuilt(at: revision, time: time)
        } catch {
            return .error(error)
        }
        let log = Array(then.log.recent)
        var seen = Set<MemberID>()
        let directory = membership.members
        let named = log.compactMap { $0.by }.filter { seen.insert($0).inserted }.compactMap { directory.member($0) }
        return .past(
            PastMessage(
                revision: then.revision, earliest: timeline.earliest, latest: self.revision, state: then.sessionSnapshot(),
                log: log,
                members: named))
    }

    /// A scratch machine that is the session at `revision` (or the nearest revision the timeline
    /// keeps): restored from the checkpoint at or before it, the changes after it evolved again.
    func rebuilt(at revision: Int, time: MachineTime) throws(ProtocolError) -> SessionMachine {
        let plan = timeline.rebuilding(revision)
        var then: SessionMachine
        do {
            then = try SessionMachine(restoring: plan.start, configuration: configuration, compile: program.compile, at: time)
        } catch {
            throw ProtocolError(.internalError, "The session could not rebuild revision \(plan.revision): \(error).")
        }
        do {
            for change in plan.changes { try then.replay(change) }
        } catch {
            throw ProtocolError(.internalError, "The session could not rebuild revision \(plan.revision): \(error).")
        }
        return then
    }
}

extension SessionMachine {
    /// The session's source that runs, and what reading it said.
    public var source: CompiledSource { program.source.compiled }
}
