import FocusCore
import FocusProtocol
import TestSupport
import Testing

@Suite("Update encoding")
struct UpdateEncodingTests {
    static func encoded(_ events: [FocusEvent]) -> String {
        let update = UpdateMessage(
            revision: 3, by: MemberID(rawValue: "m1"), seq: 2, at: 1_795_900_000_000, events: events, patch: JSONObject())
        return String(decoding: ServerMessage.update(update).encoded(), as: UTF8.self)
    }

    @Test("An update whose focus passes through nil on its way to a field names the screen in keyboardDips")
    func dipIsNamed() {
        let text = Self.encoded([
            .focus(screen: .profile, from: .firstName, to: nil, cause: .submit),
            .focus(screen: .profile, from: nil, to: .lastName, cause: .submit),
        ])
        #expect(text.hasSuffix(#"],"keyboardDips":["ProfileForm"],"patch":{}}"#), "\(text)")
    }

    @Test("Any other update has no keyboardDips member")
    func noDipNoMember() {
        let text = Self.encoded([.focus(screen: .profile, from: .firstName, to: .lastName, cause: .submit)])
        #expect(!text.contains("keyboardDips"))
        #expect(
            text
                == #"{"type":"update","revision":3,"by":"m1","seq":2,"at":1795900000000,"events":[{"kind":"focus","screen":"ProfileForm","from":"firstName","to":"lastName","cause":"submit"}],"patch":{}}"#
        )
    }

    @Test("An update writes every kind of event, and its lines, as their Encodable conformances do")
    func directWritingMatchesEncodable() throws {
        let events = try FocusEvent.everyKind()
        let lines: [Int?] = [12, nil, 3, nil, 40, 7, nil]
        let update = UpdateMessage(
            revision: 3, by: MemberID(rawValue: "m1"), seq: 2, at: 1_795_900_000_000, events: events, lines: lines,
            patch: JSONObject())
        let text = ServerMessage.update(update).encoded()
        let written = try JSONParser.parse(text, depthLimit: 64)
        let eventsText = try StreamingJSONEncoder().encode(events)
        let linesText = try StreamingJSONEncoder().encode(lines)
        #expect(written["events"] == (try JSONParser.parse(eventsText, depthLimit: 64)))
        #expect(written["lines"] == (try JSONParser.parse(linesText, depthLimit: 64)))
        // Byte for byte, too: the events and lines as the encoder writes them, in place (the
        // first two events pass focus through nil, so the keyboard dips follow the lines).
        let whole = String(decoding: text, as: UTF8.self)
        #expect(whole.contains(#""events":"# + String(decoding: eventsText, as: UTF8.self) + #","lines":"#))
        #expect(whole.contains(#""lines":"# + String(decoding: linesText, as: UTF8.self) + #","keyboardDips""#))
    }
}
