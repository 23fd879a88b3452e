/// A request path turned into path segments that are safe to look up under the public folder,
/// or the reason it is refused.
///
/// Every segment is percent-decoded on its own (strictly, by ``PercentEncoding/decode(_:)``), so
/// an encoded slash (`%2F`) can never split into two segments, and `.`/`..` are refused whether
/// written plainly or encoded (`%2e%2e`). Hidden names (a leading `.`) are refused too, so nothing
/// like `.git` is ever served.
package enum StaticPath: Equatable, Sendable {
    case file([String])
    case badRequest(String)
    case notFound

    package init(requestPath raw: String) {
        guard raw.hasPrefix("/") else {
            self = .badRequest("The path must start with '/'.")
            return
        }
        if raw == "/" {
            self = .file(["index.html"])
            return
        }
        var segments: [String] = []
        for rawSegment in raw.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard let bytes = PercentEncoding.decode(rawSegment) else {
                self = .badRequest("The path has a malformed percent-escape.")
                return
            }
            guard let segment = String(validating: bytes, as: UTF8.self) else {
                self = .badRequest("The path must be UTF-8 once its percent-escapes are decoded.")
                return
            }
            // Bytes and scalars, not Characters: "/" followed by a combining mark is one Character
            // that is not "/", yet the file system still sees a slash.
            if bytes.isEmpty || bytes == [UInt8(ascii: ".")] || bytes == [UInt8(ascii: "."), UInt8(ascii: ".")] {
                self = .badRequest("The path may not contain empty, '.' or '..' segments.")
                return
            }
            if segment.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" || Character($0).isNewline }) {
                self = .badRequest("The path may not contain encoded slashes, backslashes or control characters.")
                return
            }
            if bytes.first == UInt8(ascii: ".") {
                self = .notFound
                return
            }
            segments.append(segment)
        }
        self = .file(segments)
    }
}
