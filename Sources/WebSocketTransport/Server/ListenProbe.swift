import Glibc

/// Checks that a port can be bound before libwebsockets tries, because libwebsockets reports
/// a failed bind only as "no context".
enum ListenProbe {
    static func check(host: String, port: Int) throws(TransportError) {
        guard port != 0 else { return }
        var ipv4 = sockaddr_in()
        var ipv6 = sockaddr_in6()
        let result: Int32
        let probe: Int32
        if inet_pton(AF_INET, host, &ipv4.sin_addr) == 1 {
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = in_port_t(UInt16(port).bigEndian)
            probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            result = bind(probe, address: &ipv4)
        } else if inet_pton(AF_INET6, host, &ipv6.sin6_addr) == 1 {
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = in_port_t(UInt16(port).bigEndian)
            probe = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
            result = bind(probe, address: &ipv6)
        } else {
            return  // an interface name: only libwebsockets can tell
        }
        let error = errno
        close(probe)
        guard result != 0 else { return }
        switch error {
        case EADDRINUSE:
            throw .portInUse(port)
        case EACCES:
            throw .cannotListen(host: host, port: port, reason: "permission denied (ports below 1024 need privileges)")
        case EADDRNOTAVAIL:
            throw .cannotListen(host: host, port: port, reason: "no local interface has this address")
        default:
            throw .cannotListen(host: host, port: port, reason: String(cString: strerror(error)))
        }
    }

    /// Binds with `SO_REUSEADDR`, as libwebsockets does, so only a real listener conflicts.
    private static func bind<Address>(_ socket: Int32, address: inout Address) -> Int32 {
        guard socket >= 0 else { return -1 }
        var on: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(socket, $0, socklen_t(MemoryLayout<Address>.size))
            }
        }
    }
}
