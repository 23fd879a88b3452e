import Foundation
import Glibc
import WebSocketTransport

/// A minimal blocking HTTP/1.1 client that sends the request target byte for byte, unnormalised,
/// so tests can send hostile paths that other clients would clean up first.
public enum HTTPClient {
    public struct Response: Sendable {
        /// `HTTP/1.1` or `HTTP/1.0`, from the status line.
        public var version: String
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
        let socket = try TCPConnection(host: host, port: port, timeout: timeout)
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

    /// Reads one response (status line, headers, and a body of `Content-Length` bytes, or up to
    /// the end of the stream without one) from a connection the request was written to.
    public static func readResponse(from socket: TCPConnection, to method: String = "GET") throws(TransportError) -> Response {
        var received: [UInt8] = []
        return try readResponse(from: socket, to: method, buffered: &received)
    }

    /// Reads `count` pipelined responses, in order.
    public static func readResponses(from socket: TCPConnection, count: Int) throws(TransportError) -> [Response] {
        var received: [UInt8] = []
        var responses: [Response] = []
        for _ in 0..<count {
            responses.append(try readResponse(from: socket, to: "GET", buffered: &received))
        }
        return responses
    }

    /// Reads one response, starting with the bytes in `received`; leaves there what follows it.
    private static func readResponse(
        from socket: TCPConnection, to method: String, buffered received: inout [UInt8]
    ) throws(TransportError) -> Response {
        var headerEnd = received.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound
        while headerEnd == nil {
            let chunk = try socket.read()
            guard !chunk.isEmpty else {
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
            let chunk = try socket.read()
            guard !chunk.isEmpty else { break }
            body += chunk
        }
        received = []
        if let expected, body.count > expected {
            received = Array(body[expected...])
            body.removeLast(body.count - expected)
        }
        return Response(version: String(statusParts[0]), status: status, headers: headers, body: body)
    }
}
