import FocusProtocol
import Testing

/// ``JSONValueDecoder`` reads `Codable` values from parsed JSON, as strictly as the types ask.
@Suite("JSONValueDecoder")
struct JSONValueDecoderTests {
    private struct Sample: Codable, Equatable {
        var name: String
        var count: Int
        var ratio: Double
        var small: UInt8?
        var tags: Set<String>
        var scores: [String: Int]
        var nested: [[Bool]]
    }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONValueDecoder().decode(type, from: Array(text.utf8))
    }

    @Test("What StreamingJSONEncoder writes reads back the same")
    func roundTrip() throws {
        let sample = Sample(
            name: "Ada \u{E9}", count: -3, ratio: 0.5, small: 7, tags: ["a", "b"], scores: ["x": 1], nested: [[true], []])
        #expect(try JSONValueDecoder().decode(Sample.self, from: StreamingJSONEncoder().encode(sample)) == sample)
    }

    @Test("A missing or null optional member is nil; a whole number reads as a Double")
    func optionalsAndNumbers() throws {
        let text = #"{"name":"","count":1,"ratio":2,"tags":[],"scores":{},"nested":[]}"#
        #expect(try decode(Sample.self, text).small == nil)
        #expect(try decode(Sample.self, text).ratio == 2)
        let withNull = #"{"name":"","count":1,"ratio":2,"small":null,"tags":[],"scores":{},"nested":[]}"#
        #expect(try decode(Sample.self, withNull).small == nil)
    }

    @Test(
        "Wrong kinds, numbers out of range, fractions for integers and missing members are refused",
        arguments: [
            #"{"name":1,"count":1,"ratio":2,"tags":[],"scores":{},"nested":[]}"#,
            #"{"name":"","count":1.5,"ratio":2,"tags":[],"scores":{},"nested":[]}"#,
            #"{"name":"","count":1,"ratio":2,"small":256,"tags":[],"scores":{},"nested":[]}"#,
            #"{"name":"","count":1,"ratio":2,"tags":{},"scores":{},"nested":[]}"#,
            #"{"name":"","ratio":2,"tags":[],"scores":{},"nested":[]}"#,
            #"{"name":"","count":1,"ratio":2,"tags":[],"scores":{},"nested":[1]}"#,
        ])
    func refusals(text: String) {
        #expect(throws: DecodingError.self) { try decode(Sample.self, text) }
    }

    @Test("Text that is not JSON is a DecodingError naming the problem")
    func notJSON() {
        #expect(throws: DecodingError.self) { try decode([Int].self, "[1,]") }
    }
}
