import WebSocketTransport

/// The headers every response carries, so a page served here can run only its own scripts and
/// talk only to this server.
enum SecurityHeaders {
    /// Adds the security headers to `response`. `host` is the request's `Host` header, used to
    /// allow the page's WebSocket to this same server in `connect-src`. Only the page itself may
    /// frame a page (a presenter watching a student's fork, or showing it to the class).
    static func apply(to response: inout HTTPResponse, host: String?) {
        var connect = "'self'"
        if let host, isPlainHost(host) {
            connect += " ws://\(host) wss://\(host)"
        }
        response.headers.append(contentsOf: [
            (
                name: "Content-Security-Policy",
                value: "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                    + "connect-src \(connect); base-uri 'none'; form-action 'self'; frame-ancestors 'self'; object-src 'none'"
            ),
            (name: "X-Content-Type-Options", value: "nosniff"),
            (name: "Referrer-Policy", value: "no-referrer"),
            (name: "X-Frame-Options", value: "SAMEORIGIN"),
            (name: "Cross-Origin-Opener-Policy", value: "same-origin"),
        ])
    }

    /// A `Host` value that is only a host name or address and an optional port: nothing that
    /// could break out of the header value.
    static func isPlainHost(_ host: String) -> Bool {
        !host.isEmpty && host.count <= 255
            && host.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                    || ("0"..."9").contains(scalar) || scalar == "." || scalar == "-" || scalar == ":"
                    || scalar == "[" || scalar == "]"
            }
    }
}
