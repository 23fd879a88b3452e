import FocusCore
import FocusProtocol
import Sessions

/// The session state of each session's snapshots, encoded once and shared by every
/// member joining at one revision: a burst of a thousand joins costs one encoding, not a
/// thousand. Kept until the revision moves on, or the presence announcing the joins goes out,
/// so a quiet session holds no copy. The host's, not the machine's: reading a session never
/// changes it.
struct SnapshotEncodings {
    private struct Encoded {
        let revision: Int
        let state: EncodedJSON<SessionSnapshot>
    }

    private var sessions: [SessionID: Encoded] = [:]

    /// The `snapshot` message for `member`, with the state of `machine`, which must be
    /// at `member.revision` (the host resolves a snapshot output before the next input).
    mutating func message(for member: MemberSnapshot, of machine: borrowing SessionMachine) -> ServerMessage {
        if let encoded = sessions[machine.id], encoded.revision == member.revision {
            return .snapshot(member.message(state: encoded.state))
        }
        let encoded = Encoded(revision: machine.revision, state: EncodedJSON(machine.sessionSnapshot()))
        sessions[machine.id] = encoded
        return .snapshot(member.message(state: encoded.state))
    }

    /// Lets go of session `id`'s encodings.
    mutating func drop(_ id: SessionID) {
        sessions[id] = nil
    }
}
