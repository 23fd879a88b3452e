import Foundation

/// The opening handshake of RFC 6455 from the client's side: the upgrade request, and the check
/// of the server's answer (status 101, `Upgrade`, `Connection`, `Sec-WebSocket-Accept` computed
/// from our key, and a subprotocol we offered).
struct ClientHandshake {
    /// Offered in this order: the server picks the first it speaks, so the bench runs against
    /// servers of any protocol version (the messages it reads look alike in all).
    static let subprotocols = ["focus-sync.v3", "focus-sync.v2", "focus-sync.v1"]
    static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// Base64 of 16 random bytes, as `Sec-WebSocket-Key`.
    let key: String

    init(key: String) {
        self.key = key
    }

    init<Generator: RandomNumberGenerator>(using generator: inout Generator) {
        key = Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64EncodedString()
    }

    func request(host: String, port: Int, path: String) -> [UInt8] {
        Array(
            ("GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
                + "Sec-WebSocket-Protocol: \(Self.subprotocols.joined(separator: ", "))\r\n\r\n").utf8)
    }

    /// `Sec-WebSocket-Accept` for `key`: base64 of SHA-1 of the key and the RFC's GUID.
    static func accept(forKey key: String) -> String {
        Data(SHA1.digest(Array((key + acceptGUID).utf8))).base64EncodedString()
    }

    /// Checks the server's head (without the blank line that ends it). Returns the subprotocol
    /// the server chose, or why the answer is not an upgrade we can accept.
    func check(responseHead head: ArraySlice<UInt8>) -> Result<String, HandshakeFailure> {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        guard let statusLine = lines.first else { return .failure(HandshakeFailure("the answer to the upgrade was empty")) }
        let status = statusLine.split(separator: " ")
        guard status.count >= 2, status[0].hasPrefix("HTTP/1."), status[1] == "101" else {
            return .failure(HandshakeFailure("the server refused the upgrade: '\(statusLine)'"))
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard headers["upgrade"]?.lowercased() == "websocket",
            headers["connection"]?.lowercased().split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == "upgrade"
            }) == true
        else {
            return .failure(HandshakeFailure("the 101 answer lacks 'Upgrade: websocket' or 'Connection: Upgrade'"))
        }
        guard headers["sec-websocket-accept"] == Self.accept(forKey: key) else {
            return .failure(
                HandshakeFailure(
                    "Sec-WebSocket-Accept is '\(headers["sec-websocket-accept"] ?? "")', not the value our key gives"))
        }
        guard let chosen = headers["sec-websocket-protocol"], Self.subprotocols.contains(chosen) else {
            return .failure(
                HandshakeFailure("the server chose no subprotocol we offered (\(Self.subprotocols.joined(separator: ", ")))"))
        }
        return .success(chosen)
    }
}

/// Why a server's answer to the upgrade request was not accepted.
struct HandshakeFailure: Error, Equatable, CustomStringConvertible {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    var description: String { "WebSocket handshake failed: \(reason)." }
}
