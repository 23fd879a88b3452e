/// A request path turned into path segments that are safe to look up under the public folder,
/// or the reason it is refused.
///
/// Every segment is percent-decoded on its own, so an encoded slash (`%2F`) can never split into
/// two segments, and `.`/`..` are refused whether written plainly or encoded (`%2e%2e`).
/// Hidden names (a leading `.`) are refused too, so nothing like `.git` is ever served.
enum StaticPath: Equatable {
    case file([String])
    case badRequest(String)
    case notFound

    init(requestPath raw: String) {
        guard raw.hasPrefix("/") else {
            self = .badRequest("The path must start with '/'.")
            return
        }
        if raw == "/" {
            self = .file(["index.html"])
            return
        }
        var segments: [String] = []
        for rawSegment in raw.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let segment = StaticPath.percentDecoded(rawSegment) else {
                self = .badRequest("The path has a malformed percent-escape.")
                return
            }
            if segment.isEmpty || segment == "." || segment == ".." {
                self = .badRequest("The path may not contain empty, '.' or '..' segments.")
                return
            }
            if segment.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" || $0.isNewline }) {
                self = .badRequest("The path may not contain encoded slashes, backslashes or control characters.")
                return
            }
            if segment.hasPrefix(".") {
                self = .notFound
                return
            }
            segments.append(segment)
        }
        self = .file(segments)
    }

    /// Decodes `%XX` escapes; nil when an escape is malformed or the result is not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
