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
}
