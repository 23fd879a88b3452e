import Foundation
import Locking
import NetworkClients
import TestSupport
import Testing

@testable import WebSocketTransport

@Suite("HTTP on the WebSocket port", .tags(.transport))
struct HTTPTests {
    @Test(arguments: EventLoop.allCases)
    func answersWithStatusHeadersAndBody(loop: EventLoop) throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        test.handler.respond = { request in
            HTTPResponse(
                status: 201, headers: [("Content-Type", "text/plain"), ("X-Seen-Origin", request.header("origin") ?? "-")],
                body: Array("hello \(request.path) \(request.query)".utf8))
        }
        let response = try test.get("/hello/world?x=1&y=two", headers: [("Origin", "http://example.test")])
        #expect(response.status == 201)
        #expect(response.headers["content-type"] == "text/plain")
        #expect(response.headers["x-seen-origin"] == "http://example.test")
        #expect(response.headers["content-length"] == "\(response.body.count)")
        #expect(response.text == "hello /hello/world x=1&y=two")
        let request = try #require(test.handler.snapshot.httpRequests.first)
        #expect(request.method == "GET")
        #expect(request.peer == "127.0.0.1")
        #expect(request.header("Origin") == "http://example.test")
    }

    @Test(arguments: EventLoop.allCases)
    func largeBodyArrivesIntact(loop: EventLoop) throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let body = (0..<200 * 1024).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        test.handler.respond = { _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "application/octet-stream")], body: body)
        }
        let response = try test.get("/big.js")
        #expect(response.status == 200)
        #expect(response.body.count == body.count)
        #expect(response.body == body)
    }

    @Test(arguments: EventLoop.allCases)
    func postBodyReachesTheHandler(loop: EventLoop) throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let body = Array(#"{"screen":"editor"}"#.utf8)
        let response = try test.get("/api/sessions", method: "POST", headers: [("Content-Type", "application/json")], body: body)
        #expect(response.status == 200)
        #expect(response.body == body)
        let request = try #require(test.handler.snapshot.httpRequests.first)
        #expect(request.method == "POST")
        #expect(request.body == body)
        #expect(request.header("content-type") == "application/json")
    }

    @Test(arguments: EventLoop.allCases)
    func bodyOverTheLimitIsAnswered413(loop: EventLoop) throws {
        let test = try TransportServer(loop) { $0.maxRequestBodyBytes = 1024 }
        defer { test.stop() }
        let response = try test.get("/api/sessions", method: "POST", body: [UInt8](repeating: 65, count: 4096))
        #expect(response.status == 413)
        #expect(test.handler.snapshot.httpRequests.isEmpty)
    }

    @Test(arguments: EventLoop.allCases)
    func aResponseGivenLaterArrivesWhileOtherRequestsAreAnswered(loop: EventLoop) async throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        test.handler.answerAfter = { request in request.path == "/later" ? .milliseconds(1500) : nil }
        let started = ContinuousClock.now
        // A thread of its own: the blocking client must not hold a thread of the test pool.
        let later = Locked<Result<HTTPClient.Response, any Error>?>(nil)
        let answered = DispatchSemaphore(value: 0)
        Thread {
            later.withLock { $0 = Result { try test.get("/later?x=1") } }
            answered.signal()
        }.start()
        // The handler holds /later before /now is asked.
        #expect(await eventually { test.handler.snapshot.httpRequests.contains { $0.path == "/later" } })
        let meanwhile = try test.get("/now")
        #expect(meanwhile.text == "GET /now")
        #expect(ContinuousClock.now - started < .milliseconds(1500), "a request waiting for its answer holds up no other")
        answered.wait()
        let response = try #require(try later.withLock { $0 }?.get())
        #expect(ContinuousClock.now - started >= .milliseconds(1500))
        #expect(response.status == 200)
        #expect(response.headers["x-query"] == "x=1")
        #expect(response.text == "GET /later")
    }

    @Test(arguments: EventLoop.allCases)
    func aRequestAnsweredLaterIsHandedToTheHandlerOnce(loop: EventLoop) throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        test.handler.answerAfter = { _ in .milliseconds(100) }
        #expect(try test.get("/api/sessions", method: "POST").status == 200)
        #expect(try test.get("/api/sessions", method: "POST", body: Array("{}".utf8)).text == "{}")
        #expect(test.handler.snapshot.httpRequests.count == 2)
    }

    @Test(arguments: EventLoop.allCases)
    func headRequestGetsHeadersWithoutBody(loop: EventLoop) throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        let response = try test.get("/index.html", method: "HEAD")
        #expect(response.status == 200)
        #expect(response.headers["content-length"] == "\("HEAD /index.html".utf8.count)")
        #expect(response.body.isEmpty)
    }
}
