/// Reads the few things the load generator needs from a server message (its `type`, `seq`,
/// `revision`, author, the splices it applied) without parsing the JSON, so that receiving stays
/// cheap next to what is measured. Every search runs over the bytes in bulk.
///
/// The searches take the first occurrence of a key, which is sound for every protocol version:
/// an `update` starts with `{"type":"update","revision":R` and has its own `by` and `seq` before
/// its events and state (v1) or patch (v2 and later); a snapshot has its top-level `revision` before
/// its state; and a quote inside a string value is escaped, so text such as `"seq":` typed into
/// a field arrives as `\"seq\":`.
enum MessageScan {
    enum Kind: Equatable, Sendable {
        case update, snapshot, presence, ack, error, pong, other
    }

    /// Who made an update: a member (or, in v1, a clientId), or the server itself (`"by":null`).
    enum Author: Equatable {
        case member(ArraySlice<UInt8>)
        case server
    }

    private static let typeKey = Array(#""type":""#.utf8)
    private static let seqKey = Array(#""seq":"#.utf8)
    private static let revisionKey = Array(#""revision":"#.utf8)
    private static let byKey = Array(#""by":"#.utf8)
    private static let youKey = Array(#""you":{"#.utf8)
    private static let memberKey = Array(#""member":""#.utf8)
    private static let clientIdKey = Array(#""clientId":""#.utf8)
    private static let opsKey = Array(#""ops":["#.utf8)
    private static let kinds: [(name: [UInt8], kind: Kind)] = [
        (Array("update".utf8), .update), (Array("snapshot".utf8), .snapshot),
        (Array("presence".utf8), .presence), (Array("ack".utf8), .ack),
        (Array("error".utf8), .error), (Array("pong".utf8), .pong),
    ]
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    static func kind(of message: ArraySlice<UInt8>) -> Kind {
        guard let nameStart = ByteSearch.end(of: typeKey, in: message),
            let nameEnd = message[nameStart...].firstIndex(of: quote)
        else { return .other }
        let name = message[nameStart..<nameEnd]
        return kinds.first { $0.name.elementsEqual(name) }?.kind ?? .other
    }

    /// The first `"seq":` number in the message, if any.
    static func seq(in message: ArraySlice<UInt8>) -> Int? {
        ByteSearch.end(of: seqKey, in: message).flatMap { number(in: message, at: $0)?.value }
    }

    /// The first `"revision":` number: an update's or a snapshot's own.
    static func revision(in message: ArraySlice<UInt8>) -> Int? {
        ByteSearch.end(of: revisionKey, in: message).flatMap { number(in: message, at: $0)?.value }
    }

    /// An update's `by`, or nil without one.
    static func author(of message: ArraySlice<UInt8>) -> Author? {
        guard let valueStart = ByteSearch.end(of: byKey, in: message), valueStart < message.endIndex else { return nil }
        if message[valueStart] == quote, let end = stringEnd(in: message, from: valueStart + 1) {
            return .member(message[(valueStart + 1)..<end])
        }
        return message[valueStart] == UInt8(ascii: "n") ? .server : nil
    }

    /// How a snapshot names its receiver in updates: `you.member` (v2 and later), or `you.clientId` (v1).
    static func identity(inSnapshot message: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let youStart = ByteSearch.end(of: youKey, in: message) else { return nil }
        let you = message[youStart..<(message[youStart...].firstIndex(of: UInt8(ascii: "}")) ?? message.endIndex)]
        for key in [memberKey, clientIdKey] {
            if let start = ByteSearch.end(of: key, in: you), let end = stringEnd(in: you, from: start) {
                return you[start..<end]
            }
        }
        return nil
    }

    /// The raw (still escaped) text of the first string value of `key` (e.g. `"firstName":"`).
    static func stringValue(of key: [UInt8], in message: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let start = ByteSearch.end(of: key, in: message), let end = stringEnd(in: message, from: start) else { return nil }
        return message[start..<end]
    }

    /// The raw (still escaped) `"value"` of the drawn view found by `keyMember` (e.g.
    /// `"key":"firstName","title":"`): a program's drawn views name their key before their value.
    static func drawnValue(of keyMember: [UInt8], in message: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let keyEnd = ByteSearch.end(of: keyMember, in: message) else { return nil }
        let view = message[keyEnd..<(message[keyEnd...].firstIndex(of: UInt8(ascii: "}")) ?? message.endIndex)]
        return stringValue(of: valueKey, in: view)
    }

    private static let valueKey = Array(#""value":""#.utf8)

    /// A splice as an update's events carry it: offsets and lengths in UTF-16 code units.
    struct Splice: Equatable {
        var at: Int
        var delete: Int
        var insertLength: Int
    }

    /// The operations of the first `"ops":[…]` list (the splice event since protocol v2), in order.
    /// Keys may come in any order inside each operation.
    static func splices(in message: ArraySlice<UInt8>) -> [Splice] {
        guard var index = ByteSearch.end(of: opsKey, in: message) else { return [] }
        var splices: [Splice] = []
        var current = Splice(at: 0, delete: 0, insertLength: 0)
        while index < message.endIndex {
            switch message[index] {
            case UInt8(ascii: "]"):
                return splices
            case UInt8(ascii: "}"):
                splices.append(current)
                current = Splice(at: 0, delete: 0, insertLength: 0)
                index += 1
            case quote:
                guard let keyEnd = stringEnd(in: message, from: index + 1), keyEnd + 2 < message.endIndex else { return splices }
                let key = message[(index + 1)..<keyEnd]
                index = keyEnd + 2  // past the closing quote and the colon
                if message[index] == quote {
                    guard let valueEnd = stringEnd(in: message, from: index + 1) else { return splices }
                    if key.elementsEqual("insert".utf8) {
                        current.insertLength = utf16Length(ofEscaped: message[(index + 1)..<valueEnd])
                    }
                    index = valueEnd + 1
                } else if let (value, end) = number(in: message, at: index) {
                    if key.elementsEqual("at".utf8) { current.at = value }
                    if key.elementsEqual("delete".utf8) { current.delete = value }
                    index = end
                } else {
                    index += 1
                }
            default:
                index += 1
            }
        }
        return splices
    }

    /// How many UTF-16 code units the JSON string content `escaped` stands for.
    static func utf16Length(ofEscaped escaped: ArraySlice<UInt8>) -> Int {
        var length = 0
        var index = escaped.startIndex
        while index < escaped.endIndex {
            let byte = escaped[index]
            if byte == backslash {
                // \uXXXX is one code unit (a surrogate pair is two escapes); \n, \" and the rest one each.
                index += index + 1 < escaped.endIndex && escaped[index + 1] == UInt8(ascii: "u") ? 6 : 2
                length += 1
            } else {
                // A UTF-8 lead byte starts a scalar: four-byte ones need two UTF-16 units.
                if byte & 0xC0 != 0x80 { length += byte >= 0xF0 ? 2 : 1 }
                index += 1
            }
        }
        return length
    }

    /// The index of the quote that closes a string whose content starts at `start`.
    private static func stringEnd(in message: ArraySlice<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < message.endIndex {
            guard let found = message[index...].firstIndex(where: { $0 == quote || $0 == backslash }) else { return nil }
            if message[found] == quote { return found }
            index = found + 2
        }
        return nil
    }

    /// A non-negative decimal number at `start`, and the index after it.
    private static func number(in message: ArraySlice<UInt8>, at start: Int) -> (value: Int, end: Int)? {
        var index = start
        var value = 0
        while index < message.endIndex, index - start < 18, message[index] >= UInt8(ascii: "0"),
            message[index] <= UInt8(ascii: "9")
        {
            value = value * 10 + Int(message[index] - UInt8(ascii: "0"))
            index += 1
        }
        return index > start ? (value, index) : nil
    }
}
