/// The context of a WebSocket whose session this process is still taking (with Redis;
/// ``SessionOwnership``): the messages it sent meanwhile, handled in order once it is admitted.
/// Service thread only.
final class WaitingConnection {
    private(set) var messages: [[UInt8]] = []

    /// More than this before the session is ready is not a client waiting for its snapshot.
    static let limit = 256

    /// Keeps `text` for later; false when the connection sent too much to keep.
    func keep(_ text: [UInt8]) -> Bool {
        guard messages.count < Self.limit else { return false }
        messages.append(text)
        return true
    }
}
