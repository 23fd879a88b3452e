/// A close frame from the peer, as the transport read it.
public enum PeerClose: Equatable, Sendable {
    /// A close frame with this code (nil: no code) and a reason that is valid UTF-8.
    case valid(UInt16?)
    /// A close frame whose reason is not UTF-8: refused with `answer` (1007).
    case invalidReason(answer: UInt16)
}
