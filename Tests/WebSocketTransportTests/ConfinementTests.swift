import Foundation
import Locking
import NetworkClients
import TestSupport
import Testing

@testable import WebSocketTransport

@Suite("Service-thread confinement", .tags(.transport, .long))
struct ConfinementTests {
    /// A connection is not Sendable; smuggled to another thread anyway, debug builds trap
    /// (`assert`: SIGILL), where the same call on the service thread is fine.
    @Test func usingAConnectionOffTheServiceThreadTraps() async {
        await #expect(processExitsWith: .signal(SIGILL)) {
            let handler = TestHandler()
            let opened = Locked<WebSocketConnection?>(nil)
            handler.onOpen = { connection in opened.withLock { $0 = connection } }
            let test = try TransportServer(.poll, handler: handler)
            let client = try await test.connect()
            guard await eventually({ opened.withLock { $0 } != nil }) else { exit(2) }
            test.server.execute { opened.withLock { $0 }?.send(OutboundMessage(text: "from the service thread")) }
            // Arrived: the send on the service thread is over before the wrong thread's.
            guard try await client.next() == .text("from the service thread") else { exit(3) }
            opened.withLock { $0 }?.send(OutboundMessage(text: "from the wrong thread"))
            exit(0)
        }
    }

    /// The first server to write a message owns its headroom; any other writes from a copy.
    @Test func aMessageBelongsToTheFirstLoopThatWritesIt() {
        let message = OutboundMessage(text: "shared")
        #expect(message.owns(7))
        #expect(!message.owns(8))
        #expect(message.owns(7))
    }

    /// One message, large enough to go out as continuation frames (whose headers overwrite the
    /// end of the previous fragment), sent by two servers at once to clients of each: every
    /// client gets it intact.
    @Test func oneMessageSentByTwoServersArrivesIntactEverywhere() async throws {
        let payload = (0..<100_000).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        let shared = OutboundMessage(utf8: payload)
        let servers = try [TransportServer(.libuv), TransportServer(.poll)]
        defer { for server in servers { server.stop() } }
        for server in servers {
            server.handler.onText = { connection, _ in
                for _ in 0..<8 { connection.send(shared) }
                return false
            }
        }
        var sockets: [RawWebSocket] = []
        for server in servers {
            for _ in 0..<4 {
                sockets.append(try RawWebSocket.connect(port: server.port, timeout: .seconds(30)))
            }
        }
        for socket in sockets {
            try socket.send(.text, Array("go".utf8))
        }
        for socket in sockets {
            for _ in 0..<8 {
                var message: [UInt8] = []
                while let frame = try socket.nextFrame(answeringPings: true) {
                    message += frame.payload
                    if frame.isFinal { break }
                }
                let firstDifference = zip(message, payload).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                #expect(
                    message == payload, "\(message.count) bytes, first difference at \(firstDifference.map(String.init) ?? "-")")
            }
        }
    }
}
