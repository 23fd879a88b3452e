/// A reply from Redis, copied out of hiredis's reply objects.
enum RedisReply: Sendable, Equatable, CustomStringConvertible {
    case bulk([UInt8])
    case status(String)
    case integer(Int64)
    case array([RedisReply])
    case null
    case error(String)

    /// The text of a bulk string or status reply.
    var text: String? {
        switch self {
        case .bulk(let bytes): String(decoding: bytes, as: UTF8.self)
        case .status(let text): text
        default: nil
        }
    }

    /// The bytes of a bulk string reply.
    var bytes: [UInt8]? {
        if case .bulk(let bytes) = self { bytes } else { nil }
    }

    /// An integer reply, or a bulk string holding a decimal integer (how Lua numbers come back
    /// when a script returns them as strings).
    var integer: Int64? {
        switch self {
        case .integer(let value): value
        case .bulk: text.flatMap { Int64($0) }
        default: nil
        }
    }

    var elements: [RedisReply]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// The message of an error reply.
    var errorMessage: String? {
        if case .error(let message) = self { message } else { nil }
    }

    /// True for errors that say Redis cannot take the command right now (loading its data, a
    /// script running too long, the script cache flushed, out of memory, failing to save, a
    /// replica): the batch is sent again on a new connection, after the reconnect delay.
    var isTransientError: Bool {
        guard let message = errorMessage else { return false }
        return ["LOADING", "BUSY", "NOSCRIPT", "MASTERDOWN", "TRYAGAIN", "OOM", "MISCONF", "READONLY"]
            .contains { message.hasPrefix($0 + " ") }
    }

    var description: String {
        switch self {
        case .bulk(let bytes): "a string of \(bytes.count) bytes"
        case .status(let text): "status '\(text)'"
        case .integer(let value): "the integer \(value)"
        case .array(let elements): "an array of \(elements.count) replies"
        case .null: "nil"
        case .error(let message): "the error '\(message)'"
        }
    }
}
