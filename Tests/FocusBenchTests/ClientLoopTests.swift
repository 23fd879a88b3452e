import Foundation
import Locking
import TestSupport
import Testing
import WebSocketTransport

@testable import focus_bench

/// The bench's own client against the libwebsockets server the product runs on.
@Suite("The bench's epoll client against a libwebsockets server", .serialized, .tags(.transport))
struct ClientLoopTests {
    /// Echoes every text message; `close` makes it close the connection with 4001.
    final class EchoHandler: WebSocketServerHandler {
        func respond(to request: HTTPRequest) -> HTTPResponse { HTTPResponse(status: 404) }
        func shouldAccept(_ request: HTTPRequest) -> UpgradeDecision { .accept }
        func connectionDidOpen(_ connection: WebSocketConnection) {}
        func connectionDidClose(_ connection: WebSocketConnection, code: CloseCode?) {}
        func connection(_ connection: WebSocketConnection, didReceiveText text: [UInt8]) {
            if text == Array("close".utf8) {
                connection.close(code: CloseCode(rawValue: 4001))
            } else {
                connection.send(OutboundMessage(utf8: text))
            }
        }
    }

    /// What the loop reported, in order.
    final class Recorder: ClientLoopDelegate, Sendable {
        enum Event: Equatable {
            case opened(Int)
            case message(Int, [UInt8])
            case closed(Int, UInt16?)
            case failed(Int)
        }

        let events = Locked<[Event]>([])

        func connectionOpened(_ connection: Int) {
            events.withLock { $0.append(.opened(connection)) }
        }

        func connection(_ connection: Int, received message: ArraySlice<UInt8>, at receivedAt: UInt64) {
            events.withLock { $0.append(.message(connection, Array(message))) }
        }

        func connectionEnded(_ connection: Int, _ ending: ConnectionEnding) {
            let event: Event =
                switch ending {
                case .closedByServer(let code): .closed(connection, code)
                case .failed: .failed(connection)
                }
            events.withLock { $0.append(event) }
        }

        func await(_ count: Int, timeout: Double = 10) -> [Event] {
            let deadline = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
            while events.withLock({ $0.count }) < count && MonotonicClock.nanoseconds() < deadline {
                MonotonicClock.sleep(seconds: 0.01)
            }
            return events.withLock { $0 }
        }
    }

    private func server(configure: (inout WebSocketServerConfiguration) -> Void = { _ in }) throws -> WebSocketServer {
        var configuration = WebSocketServerConfiguration()
        configuration.port = 0
        configuration.maxMessageBytes = 1 << 20
        configure(&configuration)
        let server = WebSocketServer(configuration: configuration, handler: EchoHandler())
        try server.start()
        return server
    }

    /// A started client loop on `port` and what it reports.
    private func clientLoop(port: Int) throws -> (ClientLoop<Recorder>, Recorder) {
        let recorder = Recorder()
        let loop = try ClientLoop<Recorder>(host: "127.0.0.1", port: port)
        loop.start(delegate: recorder)
        return (loop, recorder)
    }

    @Test func handshakeMessagesOfEverySizeAndTheServersClose() throws {
        let server = try server()
        defer { server.shutdown() }
        let (loop, recorder) = try clientLoop(port: server.port)
        defer { loop.shutdown() }
        loop.execute { loop.connect(3, path: "/ws") }
        #expect(recorder.await(1) == [.opened(3)])
        let small = Array("hello".utf8)
        let medium = [UInt8](repeating: UInt8(ascii: "m"), count: 300)
        let large = (0..<200_000).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        loop.execute {
            for message in [small, medium, large] { loop.send(text: message, on: 3) }
        }
        #expect(recorder.await(4) == [.opened(3), .message(3, small), .message(3, medium), .message(3, large)])
        loop.execute { loop.send(text: Array("close".utf8), on: 3) }
        #expect(recorder.await(5).last == .closed(3, 4001))
    }

    @Test func serverPingsAreAnsweredSoTheConnectionStaysOpen() throws {
        let server = try server {
            $0.pingAfterSeconds = 1
            $0.hangupSeconds = 2
        }
        defer { server.shutdown() }
        let (loop, recorder) = try clientLoop(port: server.port)
        defer { loop.shutdown() }
        loop.execute { loop.connect(0, path: "/ws") }
        #expect(recorder.await(1) == [.opened(0)])
        MonotonicClock.sleep(seconds: 3.5)
        loop.execute { loop.send(text: Array("still here".utf8), on: 0) }
        #expect(recorder.await(2) == [.opened(0), .message(0, Array("still here".utf8))])
    }

    @Test func refusedConnectionsAndUpgradesFail() throws {
        let server = try server()
        let (loop, recorder) = try clientLoop(port: server.port)
        defer { loop.shutdown() }
        loop.execute { loop.connect(1, path: "/elsewhere") }
        #expect(recorder.await(1) == [.failed(1)])
        server.shutdown()
        loop.execute { loop.connect(2, path: "/ws") }
        #expect(recorder.await(2) == [.failed(1), .failed(2)])
    }
}
