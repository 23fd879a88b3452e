/// A strict, pure reader of HTTP/1.1 request heads (RFC 9112), the one reading the transport
/// acts on. Whatever it accepts, libwebsockets (which parses the same bytes after it) reads the
/// same way; whatever could be read two ways it refuses, so that no request is framed
/// differently by two parsers (request smuggling, RFC 9112 section 6.3 and 11.2).
///
/// Strict where it matters: CRLF line endings only; no whitespace before a field's colon; no
/// obsolete line folding; no control characters; at most one `Content-Length`, of plain digits
/// that fit in 18; no transfer codings; one `Host`; origin-form targets with well-formed
/// percent-escapes and no encoded NUL; HTTP/1.0 or HTTP/1.1.
package struct RequestHeadParser: Sendable {
    /// The methods that reach the handler; any other well-formed method is refused (405).
    package static let servedMethods = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"]

    package let maxBodyBytes: Int
    package let maxFields: Int

    package init(maxBodyBytes: Int, maxFields: Int = 100) {
        self.maxBodyBytes = maxBodyBytes
        self.maxFields = maxFields
    }

    /// Fields that must not appear twice: each is one value that decides framing, routing or
    /// the WebSocket handshake, and two copies would be read differently by different parsers.
    private static let singleFields: Set<String> = [
        "host", "content-length", "transfer-encoding", "upgrade", "origin",
        "sec-websocket-key", "sec-websocket-version",
    ]

    /// Parses one head: the bytes up to and including the blank line that ends it.
    package func parse(_ head: some Collection<UInt8>) -> Result<RequestHead, RequestHeadRefusal> {
        let bytes = Array(head)
        guard bytes.count >= 4, bytes.suffix(4).elementsEqual([13, 10, 13, 10]) else {
            return .failure(.malformed("The request head must end with an empty line (CRLF CRLF)."))
        }
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count - 2 {
            switch bytes[index] {
            case 13:
                guard bytes[index + 1] == 10 else {
                    return .failure(.malformed("A carriage return must be followed by a line feed."))
                }
                lines.append(bytes[start..<index])
                index += 2
                start = index
            case 10:
                return .failure(.malformed("Lines must end with CRLF, not a bare line feed."))
            case 0:
                return .failure(.malformed("The request head contains a NUL byte."))
            default:
                index += 1
            }
        }
        guard let requestLine = lines.first else {
            return .failure(.malformed("The request has no request line."))
        }
        var head: RequestHead
        switch parseRequestLine(requestLine) {
        case .success(let parsed): head = parsed
        case .failure(let refusal): return .failure(refusal)
        }
        guard lines.count - 1 <= maxFields else {
            return .failure(.malformed("The request has more than \(maxFields) header fields."))
        }
        for line in lines.dropFirst() {
            switch parseField(line) {
            case .success(let field):
                if Self.singleFields.contains(field.name), head.fields.contains(where: { $0.name == field.name }) {
                    return .failure(.malformed("The \(field.name) header may appear only once."))
                }
                head.fields.append(field)
            case .failure(let refusal):
                return .failure(refusal)
            }
        }
        return finish(head)
    }

    private func parseRequestLine(_ line: ArraySlice<UInt8>) -> Result<RequestHead, RequestHeadRefusal> {
        let parts = line.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            return .failure(.malformed("The request line must be 'METHOD /target HTTP/1.1', separated by single spaces."))
        }
        guard parts[0].count <= 32, parts[0].allSatisfy(Self.isTokenByte) else {
            return .failure(.malformed("The method is not a valid token."))
        }
        let method = String(decoding: parts[0], as: UTF8.self)
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(.malformed("Only HTTP/1.1 and HTTP/1.0 are served."))
        }
        guard Self.servedMethods.contains(method) else {
            return .failure(.unsupportedMethod(method))
        }
        let target = Array(parts[1])
        if let refusal = Self.checkTarget(target) {
            return .failure(refusal)
        }
        return .success(RequestHead(method: method, target: target, version: version))
    }

    /// Origin form (`/path?query`): printable bytes (and UTF-8 sent raw), no fragment,
    /// well-formed escapes, no encoded NUL.
    private static func checkTarget(_ target: [UInt8]) -> RequestHeadRefusal? {
        guard target.first == UInt8(ascii: "/") else {
            return .malformed("The request target must be a path starting with '/'.")
        }
        guard target.allSatisfy({ $0 > 32 && $0 != 127 && $0 != UInt8(ascii: "#") }) else {
            return .malformed("The request target contains a space, a control character or a '#'.")
        }
        guard let decoded = PercentEncoding.decode(target) else {
            return .badPath("The request target has a malformed percent-escape (a '%' must be followed by two hex digits).")
        }
        guard !decoded.contains(0) else {
            return .badPath("The request target encodes a NUL byte.")
        }
        return nil
    }

    private func parseField(_ line: ArraySlice<UInt8>) -> Result<(name: String, value: [UInt8]), RequestHeadRefusal> {
        guard let first = line.first, first != 32, first != 9 else {
            return .failure(.malformed("A header line starts with whitespace (obsolete line folding is refused)."))
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            return .failure(.malformed("A header line has no colon."))
        }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(Self.isTokenByte) else {
            return .failure(.malformed("A header name is not a valid token (no whitespace is allowed before the colon)."))
        }
        var value = line[line.index(after: colon)...]
        while let byte = value.first, byte == 32 || byte == 9 { value = value.dropFirst() }
        while let byte = value.last, byte == 32 || byte == 9 { value = value.dropLast() }
        guard value.allSatisfy({ $0 >= 32 || $0 == 9 }), !value.contains(127) else {
            return .failure(.malformed("A header value contains a control character."))
        }
        return .success((String(decoding: name, as: UTF8.self).lowercased(), Array(value)))
    }

    private func finish(_ parsed: RequestHead) -> Result<RequestHead, RequestHeadRefusal> {
        var head = parsed
        let lengths = head.values("content-length")
        let codings = head.values("transfer-encoding")
        if !codings.isEmpty {
            return .failure(
                lengths.isEmpty
                    ? .lengthRequired
                    : .malformed("A request may not carry both Transfer-Encoding and Content-Length."))
        }
        if let length = lengths.first {
            guard !length.isEmpty, length.count <= 18, length.allSatisfy({ (48...57).contains($0) }) else {
                return .failure(.malformed("Content-Length must be a decimal number of at most 18 digits."))
            }
            head.contentLength = length.reduce(0) { $0 * 10 + Int($1 - 48) }
            guard head.contentLength <= maxBodyBytes else {
                return .failure(.bodyTooLarge(limit: maxBodyBytes))
            }
        }
        switch webSocketUpgrade(head) {
        case .success(let isUpgrade): head.isWebSocketUpgrade = isUpgrade
        case .failure(let refusal): return .failure(refusal)
        }
        return .success(head)
    }

    /// Any `Upgrade` must be a complete WebSocket handshake; anything else (h2c, a half-made
    /// handshake) is refused rather than left to libwebsockets.
    private func webSocketUpgrade(_ head: RequestHead) -> Result<Bool, RequestHeadRefusal> {
        guard let upgrade = head.values("upgrade").first else { return .success(false) }
        guard Self.lowercased(upgrade) == Array("websocket".utf8) else {
            return .failure(.malformed("Only an upgrade to websocket is served."))
        }
        let connection = head.values("connection").flatMap { Self.lowercased($0).split(separator: UInt8(ascii: ",")) }
        guard connection.contains(where: { Self.trimmed($0).elementsEqual("upgrade".utf8) }) else {
            return .failure(.malformed("A WebSocket upgrade needs 'Connection: Upgrade'."))
        }
        guard head.method == "GET", head.version == "HTTP/1.1", head.contentLength == 0 else {
            return .failure(.malformed("A WebSocket upgrade must be a GET over HTTP/1.1 without a body."))
        }
        guard let key = head.values("sec-websocket-key").first, Self.isBase64Of16Bytes(key) else {
            return .failure(.malformed("A WebSocket upgrade needs a Sec-WebSocket-Key of 16 bytes in base64."))
        }
        guard head.values("sec-websocket-version").first == Array("13".utf8) else {
            return .failure(.malformed("Only WebSocket version 13 is served (Sec-WebSocket-Version: 13)."))
        }
        return .success(true)
    }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    private static func isBase64Of16Bytes(_ key: [UInt8]) -> Bool {
        key.count == 24 && key.suffix(2).elementsEqual("==".utf8)
            && key.prefix(22).allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: "/")
            }
    }

    private static func lowercased(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { (65...90).contains($0) ? $0 + 32 : $0 }
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let byte = slice.first, byte == 32 || byte == 9 { slice = slice.dropFirst() }
        while let byte = slice.last, byte == 32 || byte == 9 { slice = slice.dropLast() }
        return slice
    }
}
