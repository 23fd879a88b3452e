import FocusCore
import Foundation
import Testing
@testable import FocusSyncServer

@Suite("The one-pass JSON encoder says what JSONEncoder says")
struct StreamingJSONEncoderTests {
    /// Both encodings parsed back: equal JSON whatever the key order.
    private func expectSameJSON(_ value: some Encodable, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let streamed = try StreamingJSONEncoder().encode(value)
        let reference = try JSONEncoder().encode(value)
        let parsedStream = try JSONDecoder().decode(JSONValue.self, from: Data(streamed))
        let parsedReference = try JSONDecoder().decode(JSONValue.self, from: reference)
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
        let identity = ClientIdentity.assigned(clientId: "tab-1", requestedName: "Ada", ordinal: 0)
        let engine = FocusEngine()
        var ids = SystemRandomNumberGenerator()
        var state = engine.start(ids: &ids).state
        let outcome = try engine.apply(.focus(.lastName), on: .profile, to: &state, ids: &ids)
        let update = ServerMessage.UpdateMessage(
            revision: 3, by: identity.clientId, seq: 7, at: 1_795_900_000_123, screen: .profile, current: state.current,
            events: outcome.events, state: try engine.snapshot(of: .profile, in: state), settings: nil)
        try expectSameJSON(update)
        let entries = outcome.events.map { LogEntry(revision: 3, at: 1, by: identity, seq: 7, event: $0) }
        // The session payload writes two sets of keys into one object.
        let payload = ServerMessage.SessionPayload(session: engine.snapshot(of: state), clients: [identity], log: entries)
        try expectSameJSON(ServerMessage.SnapshotMessage(revision: 3, you: identity, schema: engine.schema, state: payload))
        try expectSameJSON(ServerMessage.ErrorMessage(code: "bad_json", message: "The message is not valid JSON.", seq: nil))
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
        #expect(String(decoding: try StreamingJSONEncoder().encode(Nested().counts), as: UTF8.self) == "[-9223372036854775808,0,42]")
    }

    @Test func nonFiniteNumbersAreRefused() {
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(["x": Double.infinity]) }
    }
}
