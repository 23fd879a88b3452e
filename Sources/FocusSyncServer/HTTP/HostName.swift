/// The host a request calls this server by (its `Host` header), or the host of an origin such as
/// `https://demo.example:8443`: the name or address without the port, lower-cased, a trailing dot
/// dropped (`Demo.Example.:8080` is `demo.example`), an IPv6 address kept in its brackets (`[::1]`).
struct HostName: Hashable, Sendable {
    /// The host as compared.
    let text: String
    /// An IPv4 address in dotted-decimal form, or an IPv6 address in brackets: what no DNS name
    /// can be re-pointed to.
    let isIPAddress: Bool

    /// Reads `host[:port]` (RFC 9110 `uri-host [ ":" port ]`) of ASCII letters, digits, `-`, `.`
    /// and `_`, or `[IPv6]`; nil for anything else (a path, user info, spaces, non-ASCII).
    init?(authority: some StringProtocol) {
        var host = Substring(authority.lowercased())
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]"), Self.isPort(host[host.index(after: close)...]) else { return nil }
            let address = host[host.index(after: host.startIndex)..<close]
            guard address.contains(":"), address.unicodeScalars.allSatisfy(Self.isIPv6Character) else { return nil }
            text = String(host[...close])
            isIPAddress = true
            return
        }
        if let colon = host.lastIndex(of: ":") {
            guard Self.isPort(host[colon...]) else { return nil }
            host = host[..<colon]
        }
        if host.hasSuffix(".") { host = host.dropLast() }
        guard !host.isEmpty, host.unicodeScalars.allSatisfy(Self.isNameCharacter) else { return nil }
        text = String(host)
        isIPAddress = Self.isDottedDecimal(host)
    }

    /// Reads the host of an origin: `http://` or `https://`, then `host[:port]` and nothing more.
    init?(origin: String) {
        guard let scheme = ["http://", "https://"].first(where: origin.hasPrefix) else { return nil }
        self.init(authority: origin.dropFirst(scheme.count))
    }

    /// `localhost` or a name under it (RFC 6761: they always mean this machine's loopback).
    var isLocalhost: Bool {
        text == "localhost" || text.hasSuffix(".localhost")
    }

    /// Empty, or `:` and up to five digits.
    private static func isPort(_ text: Substring) -> Bool {
        text.isEmpty || (text.first == ":" && text.count <= 6 && text.dropFirst().unicodeScalars.allSatisfy(isDigit))
    }

    /// Four decimal numbers from 0 to 255 joined by dots, as browsers write an IPv4 host.
    private static func isDottedDecimal(_ host: Substring) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.unicodeScalars.allSatisfy(isDigit) && Int(part).map { $0 <= 255 } == true
            }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || ("a"..."z").contains(scalar) || scalar == "-" || scalar == "." || scalar == "_"
    }

    private static func isIPv6Character(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || ("a"..."f").contains(scalar) || scalar == ":" || scalar == "."
    }
}
