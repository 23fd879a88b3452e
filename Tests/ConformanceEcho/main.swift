// conformance-echo: an echo server on the project's WebSocket transport, for Autobahn|Testsuite's
// fuzzing client (`make conformance`, scripts/conformance.sh). It echoes text and binary
// messages with the transport's own limits, raised for the large-message cases (9.*), accepts
// upgrades without a subprotocol on any path's "/", and prints its port once it listens.
//
//     conformance-echo [--port <port>] [--event-loop libuv|poll]

import Foundation
import WebSocketTransport

/// Echoes every message back to its sender.
final class EchoHandler: WebSocketServerHandler, @unchecked Sendable {  // service thread only
    func respond(to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: 404, headers: [("Content-Type", "text/plain")], body: Array("WebSocket echo only\n".utf8))
    }

    func shouldAccept(_ request: HTTPRequest) -> UpgradeDecision { .accept }
    func connectionDidOpen(_ connection: WebSocketConnection) {}

    func connection(_ connection: WebSocketConnection, didReceiveText text: [UInt8]) {
        connection.send(OutboundMessage(utf8: text))
    }

    func connection(_ connection: WebSocketConnection, didReceiveBinary bytes: [UInt8]) {
        connection.send(OutboundMessage(binary: bytes))
    }

    func connectionDidClose(_ connection: WebSocketConnection, code: CloseCode?) {}
}

var configuration = WebSocketServerConfiguration()
configuration.port = 9001
configuration.webSocketPath = "/"
configuration.requiresSubprotocol = false
configuration.acceptsBinaryMessages = true
// Case 9.* sends messages of up to 16 MiB, in up to 65,536 frames, and expects them echoed whole.
configuration.maxMessageBytes = 32 * 1024 * 1024
configuration.maxMessageFragments = 1 << 20
configuration.maxQueuedBytes = 64 * 1024 * 1024
configuration.maxQueuedMessages = 1 << 20
configuration.log = { FileHandle.standardError.write(Data("conformance-echo: \($0)\n".utf8)) }

var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    switch (option, arguments.popFirst()) {
    case ("--port", let value?) where Int(value) != nil:
        configuration.port = Int(value)!
    case ("--event-loop", "poll"):
        configuration.useLibUV = false
    case ("--event-loop", "libuv"):
        configuration.useLibUV = true
    default:
        FileHandle.standardError.write(Data("usage: conformance-echo [--port <port>] [--event-loop libuv|poll]\n".utf8))
        exit(64)
    }
}

signal(SIGINT, SIG_IGN)
signal(SIGTERM, SIG_IGN)
let server = WebSocketServer(configuration: configuration, handler: EchoHandler())
do {
    try server.start()
} catch {
    FileHandle.standardError.write(Data("conformance-echo: \(error)\n".utf8))
    exit(1)
}
FileHandle.standardOutput.write(Data("conformance-echo: port \(server.port)\n".utf8))
let stop = DispatchSemaphore(value: 0)
let signals = [SIGINT, SIGTERM].map { number in
    let source = DispatchSource.makeSignalSource(signal: number)
    source.setEventHandler { stop.signal() }
    source.resume()
    return source
}
stop.wait()
server.shutdown()
_ = signals
