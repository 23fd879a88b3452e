import Locking
import TestSupport
import Testing

@testable import NetworkClients
@testable import WebSocketTransport

@Suite("Callback-level client loop", .tags(.transport))
struct ClientLoopTests {
    /// Many connections driven from one loop thread: every one opens, gets its echo, and is
    /// reported closed once when the loop shuts down.
    @Test(arguments: EventLoop.allCases)
    func manyConnectionsOnOneLoop(loop: EventLoop) async throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let clients = try WebSocketClientLoop(useLibUV: loop == .libuv)
        struct Tally { var opened = 0, echoed = 0, closed = 0, onLoopThread = true }
        let tally = Locked(Tally())
        let count = 50
        for index in 0..<count {
            clients.connect(port: test.port) { [clients] connection, event in
                tally.withLock { $0.onLoopThread = $0.onLoopThread && clients.isServiceThread }
                switch event {
                case .opened:
                    tally.withLock { $0.opened += 1 }
                    connection.send("client \(index)")
                case .text(let bytes):
                    if String(decoding: bytes, as: UTF8.self) == "client \(index)" {
                        tally.withLock { $0.echoed += 1 }
                    }
                case .closed:
                    tally.withLock { $0.closed += 1 }
                case .failed:
                    break
                }
            }
        }
        #expect(await eventually { tally.withLock { $0.echoed } == count })
        #expect(test.server.connectionCount == count)
        clients.shutdown()
        let final = tally.withLock { $0 }
        #expect(final.opened == count && final.closed == count && final.onLoopThread)
        #expect(await eventually { test.server.connectionCount == 0 })
    }

    @Test func refusedConnectionReportsFailure() async throws {
        let test = try TransportServer(.poll)
        let port = test.port
        test.stop()
        let inbox = EventInbox<WebSocketClientConnection.Event>()
        try WebSocketClientLoop.shared.connect(port: port) { inbox.push($1) }
        guard case .failed(.connectionFailed) = await inbox.next(timeout: .seconds(5)) else {
            Issue.record("expected a connection failure")
            return
        }
    }
}
