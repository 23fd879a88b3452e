/// A close frame from the peer, as the transport read it.
public enum PeerClose<Code: Equatable & Sendable>: Equatable, Sendable {
    /// A close frame with this code (nil: no code) and a reason that is valid UTF-8.
    case valid(Code?)
    /// A close frame whose reason is not UTF-8: refused with `answer` (1007).
    case invalidReason(answer: Code)
}

/// What the transport does with a ``PeerClose``.
public enum PeerCloseAnswer: Equatable, Sendable {
    /// Our close frame already went out and this frame answers it: the handshake is complete,
    /// drop the connection without a second close frame.
    case completeHandshake
    /// Drop the queue and let libwebsockets echo the peer's close frame.
    case echo
    /// Drop the queue, store the refusal as the close reason and drop the connection after it.
    case refuse
}
