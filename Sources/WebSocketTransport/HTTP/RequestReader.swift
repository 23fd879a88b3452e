import CLibWebSockets
import TransportWire

/// Reads an ``HTTPRequest`` (everything but the body) out of libwebsockets' parsed headers.
/// Service thread, while the headers are still attached (`LWS_CALLBACK_HTTP`,
/// `LWS_CALLBACK_HTTP_CONFIRM_UPGRADE`, `LWS_CALLBACK_ESTABLISHED`).
package enum RequestReader {
    static func read(_ wsi: OpaquePointer) -> HTTPRequest {
        var uri: UnsafeMutablePointer<CChar>?
        var uriLength: Int32 = 0
        let methodIndex = Int(lws_http_get_uri_and_method(wsi, &uri, &uriLength))
        let method = methods.indices.contains(methodIndex) ? methods[methodIndex] : methods[0]
        return HTTPRequest(
            method: method.name,
            path: PercentEncoding.encodePath(fragments(wsi, method.token).joined(separator: [UInt8(ascii: ";")])),
            query: fragments(wsi, WSI_TOKEN_HTTP_URI_ARGS).map(PercentEncoding.encodeQueryArgument).joined(separator: "&"),
            headers: headers(wsi),
            peer: peerAddress(wsi)
        )
    }

    /// The value of one header token, or nil when absent.
    package static func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let length = Int(lws_hdr_total_length(wsi, token))
        guard length > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: length + 1)
        guard lws_hdr_copy(wsi, &buffer, Int32(buffer.count), token) >= 0 else { return nil }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Indexed by `LWSHUMETH_*`, the value `lws_http_get_uri_and_method` returns: the method
    /// and the header token that holds its request target.
    private static let methods: [(name: String, token: lws_token_indexes)] = [
        ("GET", WSI_TOKEN_GET_URI), ("POST", WSI_TOKEN_POST_URI), ("OPTIONS", WSI_TOKEN_OPTIONS_URI),
        ("PUT", WSI_TOKEN_PUT_URI), ("PATCH", WSI_TOKEN_PATCH_URI), ("DELETE", WSI_TOKEN_DELETE_URI),
        ("CONNECT", WSI_TOKEN_CONNECT), ("HEAD", WSI_TOKEN_HEAD_URI), ("GET", WSI_TOKEN_HTTP_COLON_PATH),
    ]

    /// Header tokens libwebsockets parses, with their lower-cased names. Tokens whose name does
    /// not end in `:` are the request line (`get `, `http/1.1 `, …) or internal, not headers.
    private static let headerTokens: [(token: lws_token_indexes, name: String)] = {
        (0..<WSI_TOKEN_COUNT.rawValue).compactMap { raw in
            let token = lws_token_indexes(rawValue: raw)
            guard token != WSI_TOKEN_HTTP_URI_ARGS, let cName = lws_token_to_string(token) else { return nil }
            let name = String(cString: cName)
            guard name.count > 1, name.hasSuffix(":"), !name.hasPrefix(":") else { return nil }
            return (token, String(name.dropLast()).lowercased())
        }
    }()

    /// Headers libwebsockets knows (about ninety common ones). libwebsockets 4.1.6 cannot list
    /// headers outside its table, so those are not included.
    private static func headers(_ wsi: OpaquePointer) -> [String: String] {
        var headers: [String: String] = [:]
        for (token, name) in headerTokens {
            if let value = header(wsi, token) {
                headers[name] = value
            }
        }
        return headers
    }

    /// The decoded pieces libwebsockets split a token into. It splits the path and the query
    /// at every literal `&` and `;` (so the query comes back as its `name=value` arguments).
    private static func fragments(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> [[UInt8]] {
        var fragments: [[UInt8]] = []
        var index: Int32 = 0
        while true {
            let length = Int(lws_hdr_fragment_length(wsi, token, index))
            var buffer = [CChar](repeating: 0, count: length + 1)
            guard lws_hdr_copy_fragment(wsi, &buffer, Int32(buffer.count), token, index) >= 0 else {
                return fragments
            }
            fragments.append(buffer.prefix(length).map { UInt8(bitPattern: $0) })
            index += 1
        }
    }

    /// The peer's numeric address, with an IPv4-mapped IPv6 address shown as plain IPv4.
    private static func peerAddress(_ wsi: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard let name = lws_get_peer_simple(wsi, &buffer, buffer.count) else { return "" }
        let address = String(cString: name)
        let mappedPrefix = "::ffff:"
        if address.hasPrefix(mappedPrefix), address.contains(".") {
            return String(address.dropFirst(mappedPrefix.count))
        }
        return address
    }
}
