/// Percent-encoding (RFC 3986 section 2.1) of request targets.
///
/// libwebsockets 4.1.6 decodes `%XX` in the path and the query while parsing, so the bytes the
/// transport sees are no longer what the peer sent. To keep the request's path and query
/// percent-encoded (decode them exactly once, like any request target), the transport encodes
/// every byte that is not allowed literally in that part of a URL. Decoding is the strict
/// reading the request-head parser uses to refuse malformed escapes.
package enum PercentEncoding {
    /// Encodes a decoded path: everything but RFC 3986 `pchar` and `/` is escaped, so a
    /// decoded `%`, `?`, `#`, space or non-ASCII byte comes back as `%25`, `%3F`, `%23`, `%20`, ….
    package static func encodePath(_ bytes: some Sequence<UInt8>) -> String {
        encode(bytes) { isUnreserved($0) || isPathDelimiter($0) }
    }

    /// Encodes one decoded query argument (`name=value`): like a path, but `&`, `;` and `+`
    /// (which would change how the query splits or decodes) are escaped too; `=` stays literal.
    package static func encodeQueryArgument(_ bytes: some Sequence<UInt8>) -> String {
        encode(bytes) { byte in
            isUnreserved(byte) || (isPathDelimiter(byte) && !queryDelimiters.contains(byte))
        }
    }

    /// Decodes every `%XX` escape; nil when a `%` is not followed by two hex digits.
    package static func decode(_ bytes: some Sequence<UInt8>) -> [UInt8]? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.underestimatedCount)
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                decoded.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            decoded.append(high << 4 | low)
        }
        return decoded
    }

    /// The value of one hex digit, either case.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
    private static let queryDelimiters: Set<UInt8> = Set("&;+".utf8)
    private static let subDelimsAndColonAt: Set<UInt8> = Set("!$&'()*+,;=:@/".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func isPathDelimiter(_ byte: UInt8) -> Bool {
        subDelimsAndColonAt.contains(byte)
    }

    private static func encode(_ bytes: some Sequence<UInt8>, keeping isLiteral: (UInt8) -> Bool) -> String {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.underestimatedCount)
        for byte in bytes {
            if isLiteral(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}
