import Foundation
import Testing

@testable import focus_bench

@Suite("RFC 6455 framing of the bench's client")
struct WebSocketFramingTests {
    /// Undoes the client's masking, as a server does.
    private func unmask(_ frame: [UInt8], headerLength: Int) -> [UInt8] {
        let key = frame[(headerLength - 4)..<headerLength].map { $0 }
        return frame[headerLength...].enumerated().map { $0.element ^ key[$0.offset % 4] }
    }

    @Test(arguments: [(0, 6), (125, 6), (126, 8), (65_535, 8), (65_536, 14)])
    func clientFramesAreFinalMaskedAndSizedByLength(count: Int, headerLength: Int) {
        let payload = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var frame: [UInt8] = [0xEE]
        ClientFrame.append(.text, payload, mask: 0xA1B2_C3D4, to: &frame)
        let written = Array(frame.dropFirst())
        #expect(written.count == headerLength + count)
        #expect(written[0] == 0x81)
        #expect(written[1] & 0x80 != 0)
        #expect(Array(written[(headerLength - 4)..<headerLength]) == [0xA1, 0xB2, 0xC3, 0xD4])
        #expect(unmask(written, headerLength: headerLength) == payload)
        #expect(frame[0] == 0xEE)
    }

    @Test func serverFrameOfEachLengthEncodingParses() throws {
        for count in [0, 5, 125, 126, 300, 65_535, 65_536, 70_000] {
            var frame: [UInt8] = [0x81]
            if count < 126 {
                frame.append(UInt8(count))
            } else if count <= 0xFFFF {
                frame += [126, UInt8(count >> 8), UInt8(count & 0xFF)]
            } else {
                frame += [127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: count >> ($0 * 8)) }
            }
            let headerLength = frame.count
            frame += [UInt8](repeating: 0x61, count: count) + [0x89, 0x00]
            let parsed = FrameParser.parse(frame[...], at: 0)
            #expect(parsed == .frame(.init(isFinal: true, opcode: .text, payload: headerLength..<(headerLength + count))))
            #expect(
                FrameParser.parse(frame[...], at: headerLength + count)
                    == .frame(
                        .init(
                            isFinal: true, opcode: .ping, payload: (headerLength + count + 2)..<(headerLength + count + 2))))
            #expect(FrameParser.parse(frame[..<(headerLength + count - 1)], at: 0) == .incomplete)
        }
    }

    @Test func partialHeadersWaitForMoreBytes() {
        #expect(FrameParser.parse([0x81][...], at: 0) == .incomplete)
        #expect(FrameParser.parse([0x81, 126, 1][...], at: 0) == .incomplete)
        #expect(FrameParser.parse([0x81, 127, 0, 0, 0][...], at: 0) == .incomplete)
    }

    @Test func fragmentsKeepTheirFinalBitAndOpcode() {
        #expect(
            FrameParser.parse([0x01, 0x01, 0x61][...], at: 0) == .frame(.init(isFinal: false, opcode: .text, payload: 2..<3)))
        #expect(
            FrameParser.parse([0x80, 0x01, 0x62][...], at: 0)
                == .frame(.init(isFinal: true, opcode: .continuation, payload: 2..<3)))
    }

    @Test(
        arguments: [
            [0xC1, 0x00],  // RSV1 without an extension
            [0x83, 0x00],  // reserved opcode
            [0x81, 0x81, 1, 2, 3, 4, 0],  // masked by the server
            [0x09, 0x00],  // fragmented ping
            [0x88, 126, 0, 126],  // control frame over 125 bytes
            [0x81, 127, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],  // absurd length
        ] as [[UInt8]])
    func protocolViolationsAreRefused(frame: [UInt8]) {
        guard case .invalid = FrameParser.parse(frame[...], at: 0) else {
            Issue.record("accepted \(frame)")
            return
        }
    }

    @Test func closeCodesRoundTrip() {
        #expect(ClientFrame.closePayload(code: 1001) == [0x03, 0xE9])
        #expect(ClientFrame.closeCode(in: [0x0F, 0xA1, 0x78][...]) == 4001)
        #expect(ClientFrame.closeCode(in: [][...]) == nil)
    }

    @Test func maskSourceIsNotConstant() {
        var source = MaskSource(seed: 1)
        let masks = (0..<100).map { _ in source.next() }
        #expect(Set(masks).count == 100)
        var same = MaskSource(seed: 1)
        #expect(same.next() == masks[0])
    }
}

@Suite("RFC 6455 opening handshake of the bench's client")
struct ClientHandshakeTests {
    @Test func sha1OfKnownMessages() {
        func hex(_ text: String) -> String { SHA1.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        #expect(hex("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(String(repeating: "a", count: 1000)) == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
    }

    @Test func acceptValueOfTheRFCExample() {
        #expect(ClientHandshake.accept(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func requestOffersTheSubprotocolsAndAFreshKey() throws {
        var random = SystemRandomNumberGenerator()
        let first = ClientHandshake(using: &random)
        let second = ClientHandshake(using: &random)
        #expect(first.key != second.key)
        #expect(Data(base64Encoded: first.key)?.count == 16)
        let request = String(decoding: first.request(host: "127.0.0.1", port: 8080, path: "/ws?session=abc"), as: UTF8.self)
        #expect(request.hasPrefix("GET /ws?session=abc HTTP/1.1\r\n"))
        #expect(request.contains("\r\nSec-WebSocket-Key: \(first.key)\r\n"))
        #expect(request.contains("\r\nSec-WebSocket-Protocol: focus-sync.v3, focus-sync.v2, focus-sync.v1\r\n"))
        #expect(request.hasSuffix("\r\n\r\n"))
    }

    private func head(_ lines: [String]) -> ArraySlice<UInt8> { Array(lines.joined(separator: "\r\n").utf8)[...] }

    @Test func acceptsAProperAnswer() {
        let handshake = ClientHandshake(key: "dGhlIHNhbXBsZSBub25jZQ==")
        let answer = head([
            "HTTP/1.1 101 Switching Protocols", "upgrade: WebSocket", "Connection: keep-alive, Upgrade",
            "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", "Sec-WebSocket-Protocol: focus-sync.v1",
        ])
        #expect(handshake.check(responseHead: answer) == .success("focus-sync.v1"))
    }

    @Test(arguments: [
        (["HTTP/1.1 403 Forbidden", "Content-Length: 0"], "refused"),
        (
            [
                "HTTP/1.1 101 Switching Protocols", "Connection: Upgrade", "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=",
                "Sec-WebSocket-Protocol: focus-sync.v1",
            ], "Upgrade"
        ),
        (
            [
                "HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Accept: AAAA",
                "Sec-WebSocket-Protocol: focus-sync.v1",
            ], "Accept"
        ),
        (
            [
                "HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade",
                "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=",
            ], "subprotocol"
        ),
    ])
    func refusesWhatIsNotAnUpgradeToUs(lines: [String], reason: String) {
        let handshake = ClientHandshake(key: "dGhlIHNhbXBsZSBub25jZQ==")
        guard case .failure(let failure) = handshake.check(responseHead: head(lines)) else {
            Issue.record("accepted \(lines)")
            return
        }
        #expect(failure.description.contains(reason))
    }

    @Test func httpAnswerSplitsIntoStatusAndBody() throws {
        let answer = try HTTPExchange.parse(
            Array("HTTP/1.1 201 Created\r\nContent-Length: 9\r\n\r\n{\"id\":1}\n".utf8), what: "POST")
        #expect(answer.status == 201)
        #expect(answer.body == Array("{\"id\":1}\n".utf8))
        #expect(throws: BenchError.self) { try HTTPExchange.parse(Array("HTTP/1.1 200".utf8), what: "GET") }
    }
}
