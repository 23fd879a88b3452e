import FocusCore
import FocusProtocol
import Foundation
import TestSupport
import Testing

@Suite("The one-pass JSON encoder says what JSONEncoder says")
struct StreamingJSONEncoderTests {
    /// Both encodings parsed back: equal JSON whatever the key order.
    private func expectSameJSON(_ value: some Encodable, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let streamed = try StreamingJSONEncoder().encode(value)
        let reference = try JSONEncoder().encode(value)
        let parsedStream = try JSONParser.parse(streamed).canonical
        let parsedReference = try JSONParser.parse(Array(reference)).canonical
        #expect(parsedStream == parsedReference, "\(String(decoding: streamed, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    @Test func everyScreenOfEverySeedSessionAndTheSchema() throws {
        let engine = FocusEngine()
        var ids = SystemRandomNumberGenerator()
        var state = engine.start(ids: &ids).state
        _ = try engine.apply(.edit(.firstName, "Ada \"the\" Countess\\\n\t/ ✓"), on: .profile, to: &state, ids: &ids)
        _ = try engine.apply(.navigate(to: .checkout), on: .profile, to: &state, ids: &ids)
        _ = try engine.apply(.validate, on: .checkout, to: &state, ids: &ids)
        let snapshot = engine.snapshot(of: state)
        try expectSameJSON(snapshot)
        for screen in snapshot.screens.values {
            try expectSameJSON(screen)
        }
        try expectSameJSON(engine.schema)
    }

    @Test func updateAndSnapshotMessagesOfALiveSession() throws {
        let member = Member(member: MemberID(ordinal: 1), name: "Ada", color: "#1f6feb")
        let engine = FocusEngine()
        var ids = SystemRandomNumberGenerator()
        var state = engine.start(ids: &ids).state
        let outcome = try engine.apply(.focus(.lastName), on: .profile, to: &state, ids: &ids)
        let patch = JSONObject([
            ("screens", .object(JSONObject([("profile", .object(JSONObject([("focus", .string("lastName"))])))])))
        ])
        // The update is written by hand: it must say what the generic encoders say of its parts.
        let update = try JSONParser.parse(
            ServerMessage.update(
                UpdateMessage(
                    revision: 3, by: member.member, seq: 7, at: 1_795_900_000_123, events: outcome.events, patch: patch)
            ).encoded())
        let events = try JSONParser.parse(Array(try JSONEncoder().encode(outcome.events)))
        #expect(
            update.canonical
                == JSONValue.object(
                    JSONObject([
                        ("type", .string("update")), ("revision", .integer(3)), ("by", .string(member.member.rawValue)),
                        ("seq", .integer(7)),
                        ("at", .integer(1_795_900_000_123)), ("events", events), ("patch", .object(patch)),
                    ])
                ).canonical)
        let serverOwn = try JSONParser.parse(
            ServerMessage.update(
                UpdateMessage(
                    revision: 4, by: nil, seq: nil, at: 5, events: [], patch: JSONObject())
            ).encoded())
        #expect(
            serverOwn
                == .object(
                    JSONObject([
                        ("type", .string("update")), ("revision", .integer(4)), ("by", .null), ("at", .integer(5)),
                        ("events", .array([])),
                        ("patch", .object(JSONObject())),
                    ])))
        let entries = outcome.events.map { LogEntry(revision: 3, at: 1, by: member.member, seq: 7, event: $0) }
        try expectSameJSON(
            SnapshotMessage(
                revision: 3, you: member, role: .editor, schema: EncodedJSON(engine.schema),
                state: EncodedJSON(engine.snapshot(of: state)), members: [member],
                present: [member.member], log: entries))
        try expectSameJSON(PresenceMessage(joined: [member], left: [MemberID(ordinal: 2)]))
    }

    @Test(arguments: ["", "plain", "quote \" backslash \\ slash /", "\u{0}\u{1}\u{1F}\n\r\t\u{8}\u{C}", "naïve 日本 🎯"])
    func stringsSurviveTheRoundTrip(text: String) throws {
        let bytes = try StreamingJSONEncoder().encode([text])
        #expect(try JSONDecoder().decode([String].self, from: Data(bytes)) == [text])
    }

    @Test func numbersNullsAndNesting() throws {
        struct Nested: Encodable {
            var counts: [Int64] = [-9_223_372_036_854_775_808, 0, 42]
            var ratio = 0.1
            var none: String? = nil
            var flags: [String: Bool] = ["on": true, "off": false]
            var grid: [[UInt8]] = [[], [1, 2], [255]]
            var empty: [String: Int] = [:]
        }
        try expectSameJSON(Nested())
        #expect(
            String(decoding: try StreamingJSONEncoder().encode(Nested().counts), as: UTF8.self) == "[-9223372036854775808,0,42]")
    }

    @Test func largeIntegersAndJSONValuesInsideOtherValues() throws {
        #expect(
            String(decoding: try StreamingJSONEncoder().encode([UInt64.max, 7, 10]), as: UTF8.self)
                == "[18446744073709551615,7,10]")
        let text = #"{"a":[1,-2,3.5,"x\"y",null,true,{"b":{}}],"c":[]}"#
        let value = try JSONValue.parse(text)
        struct Holder: Encodable {
            var before = 1
            var value: JSONValue
            var after = [JSONValue.null, .integer(-40)]
        }
        let written = String(decoding: try StreamingJSONEncoder().encode(Holder(value: value)), as: UTF8.self)
        #expect(written == #"{"before":1,"value":\#(text),"after":[null,-40]}"#)
    }

    @Test func nonFiniteNumbersAreRefused() {
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(["x": Double.infinity]) }
    }
}
