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

    /// A session's state as a snapshot carries it: a program drawing a form, with awkward text.
    static let session = SessionSnapshot(
        screen: "ProfileForm",
        program: ProgramSnapshot(
            source: "struct ProfileForm: View {\n  // \"the\" Countess\\\n\t/ ✓\n}\n",
            diagnostics: [SourceDiagnostic(line: 2, column: 3, severity: .warning, message: "`Color` is not modelled.")],
            highlights: [SourceHighlight(at: 0, length: 6, kind: .keyword)], runs: true, screens: ["ProfileForm"],
            drawn: DrawnScreen(
                name: "ProfileForm",
                content: [
                    DrawnView(
                        kind: .form, line: 3,
                        content: [
                            DrawnView(
                                kind: .textField, key: "firstName", title: "First Name", value: "Ada \"the\" Countess\\\n\t/ ✓",
                                submitLabel: "next", line: 4)
                        ])
                ], focused: "firstName", focusValues: [NamedValue(name: "focus", value: ".firstName")],
                stateValues: [NamedValue(name: "firstName", value: "\"Ada\"")], keyboardToolbar: [])))

    @Test func aSessionsStateAndItsProgram() throws {
        try expectSameJSON(Self.session)
        try expectSameJSON(Self.session.program)
    }

    @Test func updateAndSnapshotMessagesOfALiveSession() throws {
        let member = Member(member: MemberID(ordinal: 1), name: "Ada", color: "#1f6feb")
        let events: [FocusEvent] = [
            .focus(screen: "ProfileForm", from: "firstName", to: "lastName", cause: .submit),
            .state(screen: "ProfileForm", name: "focus", value: ".lastName"),
        ]
        let patch = JSONObject([
            ("program", .object(JSONObject([("drawn", .object(JSONObject([("focused", .string("lastName"))])))])))
        ])
        // The update is written by hand: it must say what the generic encoders say of its parts.
        let update = try JSONParser.parse(
            ServerMessage.update(
                UpdateMessage(revision: 3, by: member.member, seq: 7, at: 1_795_900_000_123, events: events, patch: patch)
            ).encoded())
        let encodedEvents = try JSONParser.parse(Array(try JSONEncoder().encode(events)))
        #expect(
            update.canonical
                == JSONValue.object(
                    JSONObject([
                        ("type", .string("update")), ("revision", .integer(3)), ("by", .string(member.member.rawValue)),
                        ("seq", .integer(7)),
                        ("at", .integer(1_795_900_000_123)), ("events", encodedEvents), ("patch", .object(patch)),
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
        let entries = events.map { LogEntry(revision: 3, at: 1, by: member.member, seq: 7, event: $0) }
        try expectSameJSON(
            SnapshotMessage(
                revision: 3, you: member, role: .editor, state: EncodedJSON(Self.session), members: [member],
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
            var counts: [Int64] = [-9_223_372_036_854_775_808, 0, 42, 9, 10, -999, 1_000, 9_223_372_036_854_775_807]
            var ratio = 0.1
            var none: String? = nil
            var flags: [String: Bool] = ["on": true, "off": false]
            var grid: [[UInt8]] = [[], [1, 2], [255]]
            var empty: [String: Int] = [:]
        }
        try expectSameJSON(Nested())
        #expect(
            String(decoding: try StreamingJSONEncoder().encode(Nested().counts), as: UTF8.self)
                == "[-9223372036854775808,0,42,9,10,-999,1000,9223372036854775807]")
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
