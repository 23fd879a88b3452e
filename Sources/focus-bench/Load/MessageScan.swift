/// Reads the two things the load generator needs from a server message, its `type` and its
/// `seq`, without parsing the JSON, so that receiving stays cheap next to what is measured.
///
/// The server's encoder writes keys in no fixed order, so both are searched for anywhere.
/// That is sound for protocol v1: no nested object has a `type` key, an `update` has no `seq`
/// but its own (events and screen states carry none), and a quote inside a string value is
/// escaped, so text such as `"seq":` typed into a field arrives as `\"seq\":`.
enum MessageScan {
    enum Kind: Equatable, Sendable {
        case update, snapshot, presence, ack, error, pong, other
    }

    private static let typeKey = Array(#""type":""#.utf8)
    private static let seqKey = Array(#""seq":"#.utf8)
    private static let kinds: [(name: [UInt8], kind: Kind)] = [
        (Array("update".utf8), .update), (Array("snapshot".utf8), .snapshot),
        (Array("presence".utf8), .presence), (Array("ack".utf8), .ack),
        (Array("error".utf8), .error), (Array("pong".utf8), .pong),
    ]

    static func kind(of message: [UInt8]) -> Kind {
        guard let nameStart = end(of: typeKey, in: message),
            let nameEnd = message[nameStart...].firstIndex(of: UInt8(ascii: "\""))
        else { return .other }
        let name = message[nameStart..<nameEnd]
        return kinds.first { $0.name.elementsEqual(name) }?.kind ?? .other
    }

    /// The `"seq":` number in the message, if any.
    static func seq(in message: [UInt8]) -> Int? {
        guard var index = end(of: seqKey, in: message) else { return nil }
        var value = 0
        var digits = 0
        while index < message.count, digits < 18, message[index] >= UInt8(ascii: "0"), message[index] <= UInt8(ascii: "9") {
            value = value * 10 + Int(message[index] - UInt8(ascii: "0"))
            index += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    /// The index just past the first occurrence of `key` (which starts with a quote).
    private static func end(of key: [UInt8], in message: [UInt8]) -> Int? {
        let quote = UInt8(ascii: "\"")
        var index = 0
        while let start = message[index...].firstIndex(of: quote) {
            guard start + key.count <= message.count else { return nil }
            if message[start..<(start + key.count)].elementsEqual(key) {
                return start + key.count
            }
            index = start + 1
        }
        return nil
    }
}
