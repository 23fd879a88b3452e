import FocusProtocol
import Foundation
import NetworkClients
import TestSupport
import Testing
import WebSocketTransport

@testable import FocusSyncServer

@Suite("The /ws endpoint", .tags(.transport))
struct WebSocketEndpointTests {
    @Test func upgradeSpeaksTheSubprotocolAndAnswersPing() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let session = try server.createSession()
        let socket = try await WebSocketClient.connect(
            port: server.port, path: "/ws?session=\(session)", subprotocol: WireProtocol.subprotocol)
        #expect(socket.acceptedSubprotocol == "focus-sync.v3")
        socket.send(#"{"type":"ping"}"#)
        #expect(try await socket.next() == .text(#"{"type":"pong"}"#))
        socket.sendFragmented(#"{"type":"ping"}"#, fragmentBytes: 4)
        #expect(try await socket.next() == .text(#"{"type":"pong"}"#))
        socket.close()
    }

    @Test func oversizedMessageClosesWith1009() async throws {
        let server = try TestServer { $0.maxMessageBytes = 1024 }
        defer { server.stop() }
        let session = try server.createSession()
        let socket = try await WebSocketClient.connect(
            port: server.port, path: "/ws?session=\(session)", subprotocol: WireProtocol.subprotocol)
        socket.sendFragmented(#"{"type":"ping","pad":""# + String(repeating: "x", count: 2000) + #""}"#, fragmentBytes: 300)
        #expect(try await socket.next() == .closed(.messageTooBig))
    }

    @Test func binaryFrameClosesWith1003() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let session = try server.createSession()
        let socket = try await WebSocketClient.connect(
            port: server.port, path: "/ws?session=\(session)", subprotocol: WireProtocol.subprotocol)
        socket.sendBinary([1, 2, 3])
        #expect(try await socket.next() == .closed(.unsupportedData))
    }

    @Test func foreignOriginIsRefusedUnlessAllowed() async throws {
        let server = try TestServer { $0.allowedOrigins = ["https://friend.example"] }
        defer { server.stop() }
        let session = try server.createSession()
        await #expect(throws: TransportError.self) {
            _ = try await WebSocketClient.connect(
                port: server.port, path: "/ws?session=\(session)", subprotocol: WireProtocol.subprotocol,
                origin: "https://evil.example")
        }
        let friend = try await WebSocketClient.connect(
            port: server.port, path: "/ws?session=\(session)", subprotocol: WireProtocol.subprotocol,
            origin: "https://friend.example")
        friend.close()
        let sameSite = try await WebSocketClient.connect(
            port: server.port, path: "/ws?session=\(session)", subprotocol: WireProtocol.subprotocol,
            origin: "http://127.0.0.1:\(server.port)")
        sameSite.close()
    }

    @Test func unknownSessionGetsAnErrorThen4404() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try await ProtocolClient.connect(server, session: "AAAAAAAAAAAAAAAAAAAAAA")
        let error = try await client.next()
        #expect(error["type"].string == "error")
        #expect(error["code"].string == "unknown_session")
        #expect(try await client.closeCode() == CloseCode(rawValue: 4404))
    }

    @Test func sigtermClosesEveryClientWith1001AndExitsZero() async throws {
        let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/focus-sync")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build focus-sync first")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--port", "0", "--log-level", "error", "--in-memory"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // A failed expectation must not leave the server running (it would hold the test's output open).
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        var firstLine = ""
        while !firstLine.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            try #require(!chunk.isEmpty, "focus-sync exited before printing its URL")
            firstLine += String(decoding: chunk, as: UTF8.self)
        }
        let port = try #require(firstLine.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }, "no URL in \(firstLine)")
        let created = try HTTPClient.send(method: "POST", target: "/api/sessions", port: port)
        let session = try #require(try JSONValue.parse(created.text)["id"].string)
        let clients = try await [
            WebSocketClient.connect(port: port, path: "/ws?session=\(session)", subprotocol: WireProtocol.subprotocol),
            WebSocketClient.connect(port: port, path: "/ws?session=\(session)", subprotocol: WireProtocol.subprotocol),
        ]
        process.terminate()
        for client in clients {
            #expect(try await client.next() == .closed(.goingAway))
        }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }
}
