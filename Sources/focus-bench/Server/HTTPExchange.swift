/// One blocking HTTP/1.1 request to the server under test (`POST /api/sessions`, `GET /healthz`),
/// with `Connection: close`, on a ``StreamSocket``.
enum HTTPExchange {
    struct Response {
        var status: Int
        var body: [UInt8]
    }

    /// Sends the request (from local address `source`, if given) and reads until the server
    /// closes the connection, within `timeoutSeconds`.
    static func send(
        method: String, target: String, host: String = "127.0.0.1", port: Int, from source: String? = nil,
        body: [UInt8] = [], timeoutSeconds: Double = 5
    ) throws(BenchError) -> Response {
        let deadline = MonotonicClock.nanoseconds() + UInt64(timeoutSeconds * 1e9)
        func remainingMilliseconds() -> Int32 {
            let now = MonotonicClock.nanoseconds()
            return now >= deadline ? 0 : Int32(clamping: (deadline - now) / 1_000_000 + 1)
        }
        let socket: StreamSocket
        do {
            socket = try StreamSocket.connect(host: host, port: port, from: source)
        } catch {
            throw .setup("\(method) \(target): \(error)")
        }
        defer { socket.close() }
        guard socket.await(writable: true, milliseconds: remainingMilliseconds()), socket.pendingError() == nil else {
            throw .setup("\(method) \(target): cannot connect to \(host):\(port); is the server running?")
        }
        var request = Array("\(method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n".utf8)
        request += Array((method == "POST" || method == "PUT" ? "Content-Length: \(body.count)\r\n\r\n" : "\r\n").utf8)
        request += body
        var sent = 0
        while sent < request.count {
            switch socket.send(request[sent...]) {
            case .moved(let count): sent += count
            case .wouldBlock where socket.await(writable: true, milliseconds: remainingMilliseconds()): continue
            default: throw .setup("\(method) \(target): the server stopped taking the request.")
            }
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        reading: while true {
            switch socket.receive(into: &chunk) {
            case .moved(let count): received += chunk[..<count]
            case .ended: break reading
            case .wouldBlock where socket.await(writable: false, milliseconds: remainingMilliseconds()): continue
            default: throw .setup("\(method) \(target): no whole answer within \(timeoutSeconds) s.")
            }
        }
        return try parse(received, what: "\(method) \(target)")
    }

    /// Splits an answer read to its end into status and body (the server sends `Content-Length`).
    static func parse(_ bytes: [UInt8], what: String) throws(BenchError) -> Response {
        guard let headEnd = ByteSearch.end(of: ByteSearch.headEnd, in: bytes[...]) else {
            throw .setup("\(what): the answer has no end of headers.")
        }
        let statusLine = bytes[..<(bytes.firstIndex(of: UInt8(ascii: "\r")) ?? headEnd)]
        let parts = statusLine.split(separator: UInt8(ascii: " "))
        guard parts.count >= 2, let status = Int(String(decoding: parts[1], as: UTF8.self)) else {
            throw .setup("\(what): malformed status line '\(String(decoding: statusLine, as: UTF8.self))'.")
        }
        return Response(status: status, body: Array(bytes[headEnd...]))
    }
}
