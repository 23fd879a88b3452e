import CLibWebSockets

/// Formats and writes HTTP responses.
enum ResponseHeaders {
    /// Writes the head (`status`, `headers`, `Content-Length: contentLength`, and `Connection:
    /// close` when asked) and `body` in one write; the rest of a longer body follows in writeable
    /// callbacks. The status line carries the request's HTTP version (libwebsockets' helpers).
    /// Returns false if libwebsockets refused. Service thread, in an HTTP callback.
    static func write(
        on wsi: OpaquePointer, status: Int, headers: [(name: String, value: String)], contentLength: Int,
        closesConnection: Bool, body: ArraySlice<UInt8>, log: ((String) -> Void)?
    ) -> Bool {
        var fields = sendable(headers, log: log).map { (name: Array("\($0.name):".utf8) + [0], value: Array($0.value.utf8)) }
        if closesConnection {
            fields.append((Array("connection:".utf8) + [0], Array("close".utf8)))
        }
        let capacity = 256 + fields.reduce(0) { $0 + $1.name.count + $1.value.count + 4 }
        var buffer = [UInt8](repeating: 0, count: OutboundMessage.headroom + capacity + body.count)
        return buffer.withUnsafeMutableBufferPointer { buffer in
            let start = buffer.baseAddress! + OutboundMessage.headroom
            let end = start + capacity
            var position: UnsafeMutablePointer<UInt8>? = start
            let code = UInt32(clamping: status) | UInt32(LWSAHH_FLAG_NO_SERVER_NAME)
            guard lws_add_http_header_status(wsi, code, &position, end) == 0 else { return false }
            for field in fields {
                guard lws_add_http_header_by_name(wsi, field.name, field.value, Int32(field.value.count), &position, end) == 0
                else {
                    return false
                }
            }
            guard lws_add_http_header_content_length(wsi, lws_filepos_t(contentLength), &position, end) == 0,
                lws_finalize_http_header(wsi, &position, end) == 0, let headEnd = position
            else { return false }
            body.withUnsafeBytes { body in
                if let base = body.baseAddress { UnsafeMutableRawPointer(headEnd).copyMemory(from: base, byteCount: body.count) }
            }
            let length = headEnd - start + body.count
            let kind = body.count == contentLength ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP
            return lws_write(wsi, start, length, kind) == length
        }
    }

    /// Writes a whole response as HTTP/1.1 with `Connection: close`, formatted here: for a refused
    /// WebSocket upgrade, where libwebsockets' helpers would write `HTTP/1.0` (they take the
    /// version from a field set only after the upgrade callback). The connection is closed after
    /// it (libwebsockets sends what is buffered first).
    static func writeRefusal(on wsi: OpaquePointer, _ response: HTTPResponse, log: ((String) -> Void)?) -> Bool {
        var head = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n"
        for header in sendable(response.headers, log: log) {
            head += "\(header.name): \(header.value)\r\n"
        }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        var buffer = [UInt8](repeating: 0, count: OutboundMessage.headroom) + Array(head.utf8) + response.body
        let length = buffer.count - OutboundMessage.headroom
        return buffer.withUnsafeMutableBufferPointer { buffer in
            lws_write(wsi, buffer.baseAddress! + OutboundMessage.headroom, length, LWS_WRITE_HTTP_FINAL) == length
        }
    }

    /// RFC 9110 reason phrases of the statuses an upgrade is refused with.
    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 421: "Misdirected Request"
        case 503: "Service Unavailable"
        default: ""
        }
    }

    /// The headers that may go out: valid names and values, framing left to the transport.
    private static func sendable(_ headers: [(name: String, value: String)], log: ((String) -> Void)?) -> [(
        name: String, value: String
    )] {
        headers.filter { header in
            let name = header.name.lowercased()
            guard isToken(header.name), !header.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                log?("dropped response header \(header.name.debugDescription): not a valid header")
                return false
            }
            return name != "content-length" && name != "transfer-encoding" && name != "connection"
        }
    }

    /// RFC 9110 `token`: the characters a header name may use.
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    true
                default:
                    "!#$%&'*+-.^_`|~".utf8.contains(byte)
                }
            }
    }
}
