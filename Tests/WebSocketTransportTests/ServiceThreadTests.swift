import Foundation
import Glibc
import Locking
import TestSupport
import Testing

@testable import WebSocketTransport

@Suite("Service thread, timers and lifecycle", .tags(.transport))
struct ServiceThreadTests {
    @Test(arguments: EventLoop.allCases)
    func executeFromAnotherThreadRunsOnTheServiceThread(loop: EventLoop) async throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        _ = try await test.connect()
        #expect(await eventually { !test.handler.snapshot.callbackThreads.isEmpty })
        #expect(!test.server.isServiceThread)
        let ran = Locked<(isServiceThread: Bool, thread: String)?>(nil)
        Thread.detachNewThread { [server = test.server] in
            server.execute {
                ran.withLock { $0 = (server.isServiceThread, TestHandler.threadName) }
            }
        }
        #expect(await eventually { ran.withLock { $0 } != nil })
        let result = try #require(ran.withLock { $0 })
        #expect(result.isServiceThread)
        #expect(test.handler.snapshot.callbackThreads == [result.thread])
    }

    @Test(arguments: EventLoop.allCases)
    func scheduledWorkFiresAndCancelledWorkDoesNot(loop: EventLoop) async throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let fired = Locked<[String]>([])
        test.server.execute { [server = test.server] in
            server.schedule(after: .milliseconds(30)) { fired.withLock { $0.append("kept") } }
            let cancelled = server.schedule(after: .milliseconds(10)) { fired.withLock { $0.append("cancelled") } }
            cancelled.cancel()
            // Fires after both deadlines, so by then the cancelled work would have run.
            server.schedule(after: .milliseconds(60)) { fired.withLock { $0.append("sentinel") } }
        }
        #expect(await eventually { fired.withLock { $0.contains("sentinel") } })
        #expect(fired.withLock { $0 } == ["kept", "sentinel"])
    }

    @Test(arguments: EventLoop.allCases)
    func connectionCountIsReadableFromAnyThread(loop: EventLoop) async throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        #expect(test.server.connectionCount == 0)
        let clients = [try await test.connect(), try await test.connect(), try await test.connect()]
        #expect(await eventually { test.server.connectionCount == 3 })
        clients[0].close()
        #expect(await eventually { test.server.connectionCount == 2 })
    }

    @Test(arguments: EventLoop.allCases)
    func portInUseIsReportedAsSuch(loop: EventLoop) throws {
        let first = try TransportServer(loop)
        defer { first.stop() }
        var configuration = WebSocketServerConfiguration()
        configuration.port = first.port
        configuration.useLibUV = loop == .libuv
        let second = WebSocketServer(configuration: configuration, handler: TestHandler())
        #expect(throws: TransportError.portInUse(first.port)) { try second.start() }
        second.shutdown()
        #expect(try first.get("/").status == 200)
    }

    @Test func unknownAddressCannotBeListenedOn() throws {
        var configuration = WebSocketServerConfiguration()
        configuration.host = "192.0.2.1"  // TEST-NET-1: no local interface has it
        configuration.port = 18_080
        let server = WebSocketServer(configuration: configuration, handler: TestHandler())
        #expect(
            throws: TransportError.cannotListen(host: "192.0.2.1", port: 18_080, reason: "no local interface has this address")
        ) {
            try server.start()
        }
    }

    /// The application owns SIGINT/SIGTERM: running the server must not install handlers for them.
    /// (Serialized: both cases change the process's dispositions.)
    @Test(.serialized, arguments: EventLoop.allCases)
    func serverLeavesSignalDispositionsAlone(loop: EventLoop) async throws {
        for signalNumber in [SIGINT, SIGTERM] {
            let previous = signal(signalNumber, SIG_IGN)
            defer { signal(signalNumber, previous) }
            let test = try TransportServer(loop)
            _ = try await test.connect()
            let during = signal(signalNumber, SIG_IGN)
            test.stop()
            let after = signal(signalNumber, SIG_IGN)
            #expect(unsafeBitCast(during, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self))
            #expect(unsafeBitCast(after, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self))
        }
    }

    @Test(arguments: EventLoop.allCases)
    func shutdownBeforeStartAndTwiceReturns(loop: EventLoop) throws {
        var configuration = WebSocketServerConfiguration()
        configuration.port = 0
        configuration.useLibUV = loop == .libuv
        let server = WebSocketServer(configuration: configuration, handler: TestHandler())
        server.shutdown()
        let test = try TransportServer(loop)
        test.stop()
        test.stop()
        #expect(test.server.connectionCount == 0)
    }
}
