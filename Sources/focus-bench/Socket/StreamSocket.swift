import Glibc

/// A non-blocking TCP socket to an IPv4 address, with reads into and writes from Swift arrays.
struct StreamSocket {
    /// How a read or a write went.
    enum Transfer: Equatable {
        /// This many bytes moved (more than zero).
        case moved(Int)
        /// Nothing to read, or no room to write, just now.
        case wouldBlock
        /// The peer closed its end (reads only).
        case ended
        case failed(Int32)
    }

    let descriptor: Int32

    /// Starts connecting to `host` (a dotted IPv4 address) and `port` without waiting: the
    /// socket becomes writable when the connection is made or has failed (see ``pendingError()``).
    /// With `source`, the connection comes from that local address (any of 127.0.0.0/8 on loopback).
    static func connect(host: String, port: Int, from source: String? = nil) throws(SocketError) -> StreamSocket {
        var address = try Self.address(host, port: port)
        let descriptor = socket(
            AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError("socket", errno) }
        var on: Int32 = 1
        // Intents are small and latency is what is measured: no Nagle delay.
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        if let source {
            var local = try Self.address(source, port: 0)
            let bound = withUnsafePointer(to: &local) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                let code = errno
                Glibc.close(descriptor)
                throw SocketError("bind to \(source)", code)
            }
        }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result != 0 && errno != EINPROGRESS {
            let code = errno
            Glibc.close(descriptor)
            throw SocketError("connect to \(host):\(port)", code)
        }
        return StreamSocket(descriptor: descriptor)
    }

    private static func address(_ host: String, port: Int) throws(SocketError) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw SocketError("inet_pton(\(host))", EINVAL) }
        return address
    }

    /// The outcome of a connect that was under way: nil when it succeeded.
    func pendingError() -> SocketError? {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return SocketError("getsockopt", errno) }
        return code == 0 ? nil : SocketError("connect", code)
    }

    /// Reads into `buffer[offset...]` (its count stays as it is).
    func receive(into buffer: inout [UInt8], at offset: Int = 0) -> Transfer {
        precondition(offset < buffer.count, "no room left in the read buffer")
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                recv(descriptor, bytes.baseAddress! + offset, bytes.count - offset, 0)
            }
            if count > 0 { return .moved(count) }
            if count == 0 { return .ended }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed(errno)
        }
    }

    /// Writes as much of `bytes` as the socket takes now.
    func send(_ bytes: ArraySlice<UInt8>) -> Transfer {
        while true {
            let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count >= 0 { return count == 0 && !bytes.isEmpty ? .wouldBlock : .moved(count) }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed(errno)
        }
    }

    /// Waits up to `milliseconds` for the socket to become readable (or writable). Returns
    /// whether it did.
    func await(writable: Bool, milliseconds: Int32) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(writable ? POLLOUT : POLLIN), revents: 0)
        while true {
            let ready = poll(&watched, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
