import Foundation
import Glibc
import WebSocketTransport

/// A connected TCP socket with one deadline for every operation, for tests that need exact bytes
/// on the wire (hostile request heads, unmasked frames).
public struct TCPConnection: Sendable {
    public let descriptor: Int32
    let endpoint: String
    let deadline: ContinuousClock.Instant

    /// Connects; every later operation fails with ``TransportError/timedOut(_:)`` once `timeout` has passed.
    public init(host: String = "127.0.0.1", port: Int, timeout: Duration = .seconds(5)) throws(TransportError) {
        endpoint = "\(host):\(port)"
        deadline = .now + timeout
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw .connectionFailed("cannot resolve \(host)")
        }
        defer { freeaddrinfo(list) }
        let descriptor = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard descriptor >= 0 else { throw .connectionFailed("cannot create a socket: \(String(cString: strerror(errno)))") }
        self.descriptor = descriptor
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        do throws(TransportError) {
            if connect(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 {
                guard errno == EINPROGRESS else { throw failure("cannot connect to \(endpoint)", errno) }
                try wait(for: Int16(POLLOUT), what: "connecting to \(endpoint)")
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
                guard error == 0 else { throw failure("cannot connect to \(endpoint)", error) }
            }
        } catch {
            _ = Glibc.close(descriptor)
            throw error
        }
    }

    /// Writes every byte.
    public func write(_ bytes: [UInt8]) throws(TransportError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent >= 0 {
                offset += sent
            } else if errno == EAGAIN || errno == EINTR {
                try wait(for: Int16(POLLOUT), what: "sending to \(endpoint)")
            } else {
                throw failure("sending to \(endpoint) failed", errno)
            }
        }
    }

    /// The next bytes, or an empty array at end of stream.
    public func read() throws(TransportError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count >= 0 {
                return Array(buffer.prefix(count))
            } else if errno == EAGAIN || errno == EINTR {
                try wait(for: Int16(POLLIN), what: "the response from \(endpoint)")
            } else {
                throw failure("reading from \(endpoint) failed", errno)
            }
        }
    }

    /// The next bytes if any arrive within `wait` (an empty array at end of stream, nil when
    /// nothing arrived in time).
    public func read(within wait: Duration) throws(TransportError) -> [UInt8]? {
        let milliseconds = wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000
        var descriptorEvents = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptorEvents, 1, Int32(clamping: milliseconds)) > 0 else { return nil }
        return try read()
    }

    public func close() {
        _ = Glibc.close(descriptor)
    }

    /// Everything until the peer closes the connection (or the deadline passes, or the peer
    /// resets it: what arrived before is returned).
    public func readToEnd() -> [UInt8] {
        var received: [UInt8] = []
        while let chunk = try? read(), !chunk.isEmpty {
            received += chunk
        }
        return received
    }

    private func wait(for events: Int16, what: String) throws(TransportError) {
        let remaining = ContinuousClock.now.duration(to: deadline)
        let milliseconds = remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000
        var descriptorEvents = pollfd(fd: descriptor, events: events, revents: 0)
        guard milliseconds > 0, poll(&descriptorEvents, 1, Int32(clamping: milliseconds)) > 0 else {
            throw .timedOut(what)
        }
    }

    private func failure(_ what: String, _ error: Int32) -> TransportError {
        .connectionFailed("\(what): \(String(cString: strerror(error)))")
    }
}
