import Foundation
import Glibc
import WebSocketTransport

/// A minimal blocking HTTP/1.1 client that sends the request target byte for byte, unnormalised,
/// so tests can send hostile paths that other clients would clean up first.
public enum HTTPClient {
    public struct Response: Sendable {
        public var status: Int
        /// Lower-cased header names.
        public var headers: [String: String]
        public var body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends one request with `Connection: close` and reads the whole response.
    public static func send(
        method: String = "GET", target: String, host: String = "127.0.0.1", port: Int,
        headers: [(String, String)] = [], body: [UInt8] = [], timeout: Duration = .seconds(5)
    ) throws(TransportError) -> Response {
        let socket = try BlockingSocket(host: host, port: port, timeout: timeout)
        defer { socket.close() }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
        for (name, value) in headers {
            head += "\(name): \(value)\r\n"
        }
        if !body.isEmpty || method == "POST" || method == "PUT" || method == "PATCH" {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "\r\n"
        try socket.write(Array(head.utf8) + body)
        return try readResponse(from: socket, to: method)
    }

    private static func readResponse(from socket: BlockingSocket, to method: String) throws(TransportError) -> Response {
        var received: [UInt8] = []
        var headerEnd: Int?
        while headerEnd == nil {
            guard let chunk = try socket.read(), !chunk.isEmpty else {
                throw .connectionFailed("the server closed the connection before sending a response")
            }
            received += chunk
            headerEnd = received.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound
        }
        let lines = String(decoding: received[..<(headerEnd! - 4)], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw .connectionFailed("malformed status line \(lines[0].debugDescription)")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        var body = Array(received[headerEnd!...])
        let expected = method == "HEAD" || status == 204 || status == 304 ? 0 : headers["content-length"].flatMap { Int($0) }
        while expected.map({ body.count < $0 }) ?? true {
            guard let chunk = try socket.read(), !chunk.isEmpty else { break }
            body += chunk
        }
        if let expected, body.count > expected {
            body.removeLast(body.count - expected)
        }
        return Response(status: status, headers: headers, body: body)
    }
}

/// A connected TCP socket with a deadline for every operation.
private struct BlockingSocket {
    let descriptor: Int32
    let endpoint: String
    let deadline: ContinuousClock.Instant

    init(host: String, port: Int, timeout: Duration) throws(TransportError) {
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
        if connect(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 {
            guard errno == EINPROGRESS else { throw failure("cannot connect to \(endpoint)", errno) }
            try wait(for: Int16(POLLOUT), what: "connecting to \(endpoint)")
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
            guard error == 0 else { throw failure("cannot connect to \(endpoint)", error) }
        }
    }

    func write(_ bytes: [UInt8]) throws(TransportError) {
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
    func read() throws(TransportError) -> [UInt8]? {
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

    func close() {
        _ = Glibc.close(descriptor)
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
