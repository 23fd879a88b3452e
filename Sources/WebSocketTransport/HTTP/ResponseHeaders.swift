import CLibWebSockets

/// Writes an HTTP status line and headers with libwebsockets' header helpers.
enum ResponseHeaders {
    /// Writes `status`, `headers`, and `Content-Length: contentLength` (plus `Connection: close`
    /// when asked). Returns false if libwebsockets refused. Service thread.
    static func write(
        on wsi: OpaquePointer, status: Int, headers: [(name: String, value: String)],
        contentLength: Int, closesConnection: Bool, log: ((String) -> Void)?
    ) -> Bool {
        let sendable = headers.filter { header in
            let name = header.name.lowercased()
            guard isToken(header.name), !header.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                log?("dropped response header \(header.name.debugDescription): not a valid header")
                return false
            }
            // The transport owns framing.
            return name != "content-length" && name != "transfer-encoding" && name != "connection"
        }
        var fields = sendable.map { (name: Array("\($0.name):".utf8) + [0], value: Array($0.value.utf8)) }
        if closesConnection {
            fields.append((Array("connection:".utf8) + [0], Array("close".utf8)))
        }
        let capacity = 256 + fields.reduce(0) { $0 + $1.name.count + $1.value.count + 4 }
        var buffer = [UInt8](repeating: 0, count: OutboundMessage.headroom + capacity)
        return buffer.withUnsafeMutableBufferPointer { buffer in
            let start = buffer.baseAddress! + OutboundMessage.headroom
            let end = buffer.baseAddress! + buffer.count
            var position: UnsafeMutablePointer<UInt8>? = start
            let code = UInt32(clamping: status) | UInt32(LWSAHH_FLAG_NO_SERVER_NAME)
            guard lws_add_http_header_status(wsi, code, &position, end) == 0 else { return false }
            for field in fields {
                guard lws_add_http_header_by_name(wsi, field.name, field.value, Int32(field.value.count), &position, end) == 0 else {
                    return false
                }
            }
            guard lws_add_http_header_content_length(wsi, lws_filepos_t(contentLength), &position, end) == 0 else {
                return false
            }
            return lws_finalize_write_http_header(wsi, start, &position, end) == 0
        }
    }

    /// RFC 9110 `token`: the characters a header name may use.
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
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
