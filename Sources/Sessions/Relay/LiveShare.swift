/// What a session's holder shares without a change, as it goes to the relays serving the
/// session's viewers on other processes (docs/SCALING.md): the message its own members were
/// just sent, and the messages that bring a snapshot of the stored session to what is live now
/// (``SessionMachine/liveMessages()``), which a relay sends after the snapshot of every viewer
/// joining it. Ephemeral: published once, stored nowhere.
///
/// Encoded as lines, the message first: JSON escapes every line break inside a string, so a
/// message never holds one.
public struct LiveShare: Equatable, Sendable {
    /// The encoded message to hand on to the relay's viewers now.
    public var message: [UInt8]
    /// The encoded messages that make a snapshot of the copy live, in order.
    public var catchUp: [[UInt8]]

    public init(message: [UInt8], catchUp: [[UInt8]]) {
        self.message = message
        self.catchUp = catchUp
    }

    /// The record as it is published.
    public func encoded() -> [UInt8] {
        var bytes = message
        for line in catchUp {
            bytes.append(Self.lineBreak)
            bytes += line
        }
        return bytes
    }

    /// A published record; nil when it has no message.
    public init?(decoding bytes: [UInt8]) {
        let lines = bytes.split(separator: Self.lineBreak, omittingEmptySubsequences: false).map(Array.init)
        guard let first = lines.first, !first.isEmpty else { return nil }
        message = first
        catchUp = Array(lines.dropFirst())
    }

    private static let lineBreak = UInt8(ascii: "\n")
}
