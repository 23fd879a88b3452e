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
