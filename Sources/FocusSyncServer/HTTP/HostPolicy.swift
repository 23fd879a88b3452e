import WebSocketTransport

/// Which names a request may call this server by in its `Host` header, against DNS rebinding: a
/// page on `evil.example`, whose name its owner then points at 127.0.0.1, reaches this server as
/// its own origin (so the ``OriginPolicy`` lets it in), but its requests still say
/// `Host: evil.example`.
///
/// Allowed: no `Host` (HTTP/1.0 tools, load balancers' health checks), an IP address,
/// `localhost` and names under it, and the names the server was given: this machine's name (and
/// `<name>.local`), a `--host` that is a name, the hosts of the `--allow-origin` origins, and
/// every `--allow-host`. The port is not compared.
struct HostPolicy: Sendable {
    /// The names allowed besides IP addresses and `localhost`.
    var allowedNames: Set<HostName>

    /// The policy for a server started with `options` on a machine called `machineName` (its
    /// host name, short or fully qualified).
    init(options: ServerOptions, machineName: String) {
        let shortName = String(machineName.prefix { $0 != "." })
        let names = [machineName, shortName, shortName + ".local", options.host] + options.allowedHosts
        allowedNames = Set(
            names.compactMap { HostName(authority: $0) } + options.allowedOrigins.compactMap(HostName.init(origin:)))
    }

    /// Whether `request`'s `Host` is one this server answers to.
    func allows(_ request: HTTPRequest) -> Bool {
        guard let header = request.header("host"), !header.isEmpty else { return true }
        guard let host = HostName(authority: header) else { return false }
        return host.isIPAddress || host.isLocalhost || allowedNames.contains(host)
    }
}
