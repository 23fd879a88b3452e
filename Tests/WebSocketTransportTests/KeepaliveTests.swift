import Foundation
import NetworkClients
import TestSupport
import Testing

@testable import WebSocketTransport

@Suite("Keepalive pings", .tags(.transport, .long))
struct KeepaliveTests {
    /// A client that pings while the server pings it: every PONG must carry exactly the payload
    /// of one of the client's PINGs, in order, however the server's own PINGs fall. (The
    /// libwebsockets 4.1.6 keepalive wrote its PING payload into the buffer holding a PONG still
    /// owed to the client.) Each round keeps the service thread busy for a moment before the
    /// client's PING is read, so a keepalive PING often comes due while a PONG is pending.
    @Test(arguments: EventLoop.allCases)
    func pongsCarryTheClientsPayloadWhileTheServerPingsToo(loop: EventLoop) throws {
        let handler = TestHandler()
        handler.onText = { _, text in
            if text == "busy" { usleep(30_000) }
            return text != "busy"
        }
        let test = try TransportServer(loop, handler: handler) { configuration in
            configuration.pingAfterSeconds = 1
            configuration.hangupSeconds = 2
        }
        defer { test.stop() }
        let socket = try RawWebSocket.connect(port: test.port, timeout: .seconds(20))
        var sent: [[UInt8]] = []
        var pongs: [[UInt8]] = []
        var serverPings = 0
        let end = ContinuousClock.now + .milliseconds(3_500)
        var round = 0
        while ContinuousClock.now < end {
            round += 1
            let payload = Array("client ping \(round)".utf8)
            try socket.send(.text, Array("busy".utf8))
            try socket.send(.ping, payload)
            sent.append(payload)
            // Read what arrives for a while (libwebsockets may drop a PING while another PONG is
            // pending, so ours may never be answered).
            let roundEnd = ContinuousClock.now + .milliseconds(100)
            while case let wait = ContinuousClock.now.duration(to: roundEnd), wait > .zero {
                guard let frame = try socket.nextFrame(within: wait) else { continue }
                switch frame.opcode {
                case RawWebSocket.Opcode.ping.rawValue:
                    serverPings += 1
                    try socket.send(.pong, frame.payload)
                case RawWebSocket.Opcode.pong.rawValue:
                    pongs.append(frame.payload)
                default:
                    Issue.record("unexpected frame \(frame)")
                }
            }
        }
        #expect(serverPings >= 2, "the server should have pinged every second")
        #expect(!pongs.isEmpty)
        for pong in pongs {
            #expect(sent.contains(pong), "a PONG carried \(String(decoding: pong, as: UTF8.self).debugDescription)")
        }
        #expect(pongs == pongs.sorted { sent.firstIndex(of: $0)! < sent.firstIndex(of: $1)! })
        // And the connection is still there.
        try socket.send(.text, Array("still here".utf8))
        var echo: RawWebSocket.Frame?
        repeat { echo = try socket.nextFrame(answeringPings: true) } while echo?.opcode == RawWebSocket.Opcode.pong.rawValue
        #expect(echo?.text == "still here")
    }
}
