/// Reads exactly one JSON text (RFC 8259) and nothing else: no trailing commas, no leading
/// zeros, no comments, no lone surrogates, no repeated member names, nesting at most
/// ``maximumDepth`` deep (unless the caller allows deeper). Written for the handful of small
/// messages clients send: one pass, no Foundation.
public struct JSONParser {
    /// Deeper nesting than this is refused (a client message needs three levels).
    public static let maximumDepth = 32

    private let bytes: [UInt8]
    private let depthLimit: Int
    private var position = 0
    private var depth = 0

    private init(_ bytes: [UInt8], depthLimit: Int) {
        self.bytes = bytes
        self.depthLimit = depthLimit
    }

    /// The value `bytes` hold, nested at most `depthLimit` deep: ``maximumDepth`` for what
    /// clients send; deeper only for text the server's own processes wrote.
    public static func parse(_ bytes: [UInt8], depthLimit: Int = maximumDepth) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes, depthLimit: depthLimit)
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.failure("text after the JSON value") }
        return value
    }

    private func failure(_ problem: String) -> JSONSyntaxError {
        JSONSyntaxError(problem: problem, offset: position)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            position += 1
        }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw failure("the end of the text where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("an unexpected character where a value was expected")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw failure("an unknown word") }
        let matches = word.withUTF8Buffer { expected in
            expected.indices.allSatisfy { bytes[position + $0] == expected[$0] }
        }
        guard matches else { throw failure("an unknown word") }
        position += count
    }

    private mutating func nest() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= depthLimit else { throw failure("nesting deeper than \(depthLimit) levels") }
        position += 1
        skipWhitespace()
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        if current == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(JSONObject())
        }
        // The members gathered in an array with room for a message's few, then made the object
        // once: setting them one by one searched the object again and grew it a member at a time.
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(8)
        while true {
            guard current == UInt8(ascii: "\"") else {
                throw failure(members.isEmpty ? "a member name that is not a string" : "a trailing comma")
            }
            let key = try string()
            guard !members.contains(where: { $0.key == key }) else { throw failure("the member name '\(key)' twice") }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("a missing ':' after a member name") }
            position += 1
            skipWhitespace()
            members.append((key, try value()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return .object(JSONObject(members))
            default:
                throw failure("a missing ',' or '}' in an object")
            }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        var values: [JSONValue] = []
        if current == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(values)
        }
        while true {
            guard current != UInt8(ascii: "]") else { throw failure("a trailing comma") }
            values.append(try value())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return .array(values)
            default:
                throw failure("a missing ',' or ']' in an array")
            }
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, isDigit(first) else { throw failure("a '-' without digits") }
        position += 1
        if first == UInt8(ascii: "0"), let next = current, isDigit(next) { throw failure("a number with a leading zero") }
        skipDigits()
        var isInteger = true
        if current == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard let digit = current, isDigit(digit) else { throw failure("a '.' without digits after it") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let digit = current, isDigit(digit) else { throw failure("an exponent without digits") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { throw failure("a number too large for a double") }
        return .number(double)
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// A string starting at the opening quote; leaves `position` after the closing quote.
    private mutating func string() throws(JSONSyntaxError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes, and for ASCII no UTF-8 to validate.
        var allBits: UInt8 = 0
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw failure("a control character inside a string") }
            allBits |= byte
            position += 1
        }
        guard let stop = current else { throw failure("a string without its closing quote") }
        if stop == UInt8(ascii: "\"") {
            let text = allBits < 0x80 ? asciiText(start..<position) : try validatedText(bytes[start..<position])
            position += 1
            return text
        }
        var decoded = Array(bytes[start..<position])
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return try validatedText(decoded[...])
            case UInt8(ascii: "\\"):
                position += 1
                try escape(into: &decoded)
            case 0..<0x20:
                throw failure("a control character inside a string")
            default:
                decoded.append(byte)
                position += 1
            }
        }
        throw failure("a string without its closing quote")
    }

    private func asciiText(_ range: Range<Int>) -> String {
        // ASCII is valid UTF-8, and this initializer is inlined here, where `String(validating:)`
        // looks up its generic metadata at every call.
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func validatedText(_ utf8: ArraySlice<UInt8>) throws(JSONSyntaxError) -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else { throw failure("a string that is not valid UTF-8") }
        return text
    }

    /// One escape after its backslash, appended as UTF-8.
    private mutating func escape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw failure("a string without its closing quote") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800...0xDBFF).contains(scalar) {
                guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw failure("a lone surrogate escape")
                }
                position += 2
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("a lone surrogate escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw failure("a lone surrogate escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("an escape that is not a character") }
            decoded.append(contentsOf: String(Character(unicode)).utf8)
        default:
            throw failure("an unknown escape")
        }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw failure("a \\u escape with fewer than four hex digits") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("a \\u escape with fewer than four hex digits")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}
