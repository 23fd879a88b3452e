import Glibc

/// The server's listening TCP socket. The transport makes it and accepts on it, rather than
/// leaving both to libwebsockets, so that:
/// - a failed bind is reported as what it is (libwebsockets says only "no context");
/// - running out of descriptors pauses accepting instead of spinning (libwebsockets 4.1.6
///   retries `accept` in a loop at `EMFILE`: 100 % CPU and a log line per try);
/// - every accepted socket is registered with the ``ReceiveTap`` before any byte is read.
///
/// Accepted sockets are handed to libwebsockets with `lws_adopt_socket_vhost`; libwebsockets
/// watches this socket for the transport as a raw file descriptor.
struct ListeningSocket {
    let descriptor: Int32
    /// The bound port (the kernel's choice when 0 was asked for).
    let port: Int

    /// What one `accept` gave.
    enum Accepted: Equatable {
        case connection(Int32)
        /// Nothing is waiting.
        case none
        /// The process (`EMFILE`) or the system (`ENFILE`, `ENOBUFS`, `ENOMEM`) is out of
        /// descriptors or socket memory: the connection stays in the backlog.
        case outOfDescriptors
        /// This connection failed (for example the peer reset it while it waited); try the next.
        case failed
    }

    /// Binds `host` (an IPv4 or IPv6 address or a host name) and listens.
    static func open(host: String, port: Int, backlog: Int32 = 511) throws(TransportError) -> ListeningSocket {
        guard (0...65_535).contains(port) else {
            throw .cannotListen(host: host, port: port, reason: "the port must be between 0 and 65535")
        }
        var storage = sockaddr_storage()
        guard let length = address(of: host, port: port, into: &storage) else {
            throw .cannotListen(host: host, port: port, reason: "not an IP address, and the name does not resolve")
        }
        let descriptor = socket(
            Int32(storage.ss_family), Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
            0)
        guard descriptor >= 0 else {
            throw .cannotListen(host: host, port: port, reason: String(cString: strerror(errno)))
        }
        var on: Int32 = 1
        var off: Int32 = 0
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if Int32(storage.ss_family) == AF_INET6 {
            // One socket for IPv6 and IPv4-mapped peers, as libwebsockets did.
            setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &off, socklen_t(MemoryLayout<Int32>.size))
        }
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, backlog) == 0 else {
            let error = errno
            _ = Glibc.close(descriptor)
            throw failure(error, host: host, port: port)
        }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) }
        }
        return ListeningSocket(descriptor: descriptor, port: Self.port(of: actual))
    }

    /// Accepts one connection, non-blocking and close-on-exec, with Nagle off. (`accept4` would
    /// save two calls, but Glibc's Swift module does not export it.)
    func accept() -> Accepted {
        let connection = Glibc.accept(descriptor, nil, nil)
        guard connection >= 0 else {
            switch errno {
            case EAGAIN, EWOULDBLOCK: return .none
            case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .outOfDescriptors
            default: return .failed
            }
        }
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
        var on: Int32 = 1
        setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        return .connection(connection)
    }

    private static func address(of host: String, port: Int, into storage: inout sockaddr_storage) -> socklen_t? {
        var ipv4 = sockaddr_in()
        var ipv6 = sockaddr_in6()
        if inet_pton(AF_INET, host, &ipv4.sin_addr) == 1 {
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = in_port_t(UInt16(port).bigEndian)
            withUnsafeBytes(of: ipv4) { source in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) } }
            return socklen_t(MemoryLayout<sockaddr_in>.size)
        }
        if inet_pton(AF_INET6, host, &ipv6.sin6_addr) == 1 {
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = in_port_t(UInt16(port).bigEndian)
            withUnsafeBytes(of: ipv6) { source in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) } }
            return socklen_t(MemoryLayout<sockaddr_in6>.size)
        }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list, let address = first.pointee.ai_addr else {
            return nil
        }
        defer { freeaddrinfo(list) }
        let length = first.pointee.ai_addrlen
        withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(length))) }
        return length
    }

    private static func port(of address: sockaddr_storage) -> Int {
        withUnsafeBytes(of: address) { bytes in
            // sin_port and sin6_port sit at the same offset, in network order.
            Int(UInt16(bigEndian: bytes.load(fromByteOffset: MemoryLayout<sa_family_t>.size, as: UInt16.self)))
        }
    }

    private static func failure(_ error: Int32, host: String, port: Int) -> TransportError {
        switch error {
        case EADDRINUSE: .portInUse(port)
        case EACCES: .cannotListen(host: host, port: port, reason: "permission denied (ports below 1024 need privileges)")
        case EADDRNOTAVAIL: .cannotListen(host: host, port: port, reason: "no local interface has this address")
        default: .cannotListen(host: host, port: port, reason: String(cString: strerror(error)))
        }
    }
}
