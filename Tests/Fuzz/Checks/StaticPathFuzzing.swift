import TransportWire

extension FuzzTarget {
    /// Static paths: a served path is the request's path percent-decoded, split at its slashes into
    /// plain names (none empty, `.`, `..` or hidden, none holding a slash, backslash, NUL or line
    /// break), and the names encoded again make a path that is served the same way.
    public static let staticPath = FuzzTarget(name: "static-path") { input in
        let raw = String(decoding: input, as: UTF8.self)
        let path = StaticPath(requestPath: raw)
        if !raw.hasPrefix("/") {
            guard case .badRequest = path else { preconditionFailure("a path without a leading slash must be a bad request") }
        }
        guard case .file(let segments) = path else { return }
        precondition(!segments.isEmpty, "a served path must name a file")
        guard raw != "/" else { return }
        precondition(
            PercentEncoding.decode(raw.utf8) == Array(("/" + segments.joined(separator: "/")).utf8),
            "a served path must be the request's path, decoded")
        for segment in segments {
            precondition(segment.utf8.first != UInt8(ascii: "."), "'\(segment)' is a dot or hidden name")
            precondition(
                !segment.unicodeScalars.contains(where: forbiddenInSegment.contains), "'\(segment)' holds a forbidden character")
        }
        let encoded = "/" + segments.map { PercentEncoding.encodePath($0.utf8) }.joined(separator: "/")
        precondition(StaticPath(requestPath: encoded) == path, "the encoded names \(encoded) must be served the same way")
    }

    /// Slashes, backslashes, NUL and every line break Unicode has.
    private static let forbiddenInSegment: Set<Unicode.Scalar> = [
        "/", "\\", "\0", "\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}",
    ]
}
