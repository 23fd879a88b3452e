import FocusProtocol

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

    /// The owner's whole count, as the presence among ``catchUp`` says it (a copy's snapshots
    /// carry it: ``SessionInput/ownerCount(_:)``); nil when no line is a presence.
    public var presenceCount: PresenceCount? {
        let decoder = JSONValueDecoder()
        for line in catchUp {
            if let presence = try? decoder.decode(CountedPresence.self, from: line), presence.type == "presence" {
                return presence.count
            }
        }
        return nil
    }

    /// What ``presenceCount`` reads of a catch-up line.
    private struct CountedPresence: Decodable {
        var type: String
        var count: PresenceCount
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
