/// What ``ConnectionMachine/close(code:reason:flush:)`` asks of the transport.
public enum CloseStart: Equatable, Sendable {
    /// The connection is already closing: nothing changes.
    case ignored
    /// Start the close: drop the queue when `dropsQueue`, start the close-send timeout and ask
    /// for a writeable callback, where the close frame goes out.
    case started(dropsQueue: Bool)
}
