import FocusCore
import FocusProtocol
import TestSupport
import Testing

@Suite("Reading client messages")
struct ClientMessageDecodingTests {
    static func decode(_ text: String) throws(ProtocolError) -> ClientMessage {
        try ClientMessage.decode(Array(text.utf8))
    }

    static func refusal(_ text: String) -> ProtocolError? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error
        }
    }

    static let id = RowID("6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55")!

    @Test(
        "Every message and action reads into its value",
        arguments: [
            (#"{"type":"hello","clientId":"tab-1","name":"Ada"}"#, ClientMessage.hello(clientId: "tab-1", name: "Ada")),
            (#"{"type":"hello","clientId":"tab-1","name":null}"#, .hello(clientId: "tab-1", name: nil)),
            (#"{"type":"ping"}"#, .ping),
            (#"{"type":"resync"}"#, .resync),
            (#"{"type":"rename","name":"Grace"}"#, .rename(name: "Grace")),
            (#"{"type":"history","revision":0}"#, .history(revision: 0)),
            (#"{"type":"history","revision":40}"#, .history(revision: 40)),
            (#"{"type":"step","on":true}"#, .step(on: true)),
            (#"{"type":"step","on":false}"#, .step(on: false)),
            (#"{"type":"stepForward"}"#, .stepForward),
            (#"{"type":"stepBack"}"#, .stepBack),
            (#"{"type":"stepFinish"}"#, .stepFinish),
            (
                #"{"type":"intent","seq":10,"screen":"gift","action":"lesson","lesson":"gift-auto-focus","step":2}"#,
                .intent(IntentMessage(seq: 10, screen: "gift", action: .lesson("gift-auto-focus", step: 2)))
            ),
            (
                #"{"type":"intent","seq":11,"screen":"gift","action":"lesson","lesson":null}"#,
                .intent(IntentMessage(seq: 11, screen: "gift", action: .lesson(nil, step: 0)))
            ),
            (
                #"{"type":"intent","seq":1,"screen":"profile","action":"focus","key":"firstName"}"#,
                .intent(IntentMessage(seq: 1, screen: "profile", action: .focus(.firstName)))
            ),
            (
                #"{"type":"intent","seq":2,"screen":"profile","action":"focus","key":null}"#,
                .intent(IntentMessage(seq: 2, screen: "profile", action: .focus(nil)))
            ),
            (
                #"{"type":"intent","seq":3,"screen":"profile","action":"edit","key":"firstName","value":"Ada"}"#,
                .intent(IntentMessage(seq: 3, screen: "profile", action: .edit(.firstName, "Ada")))
            ),
            (
                #"{"type":"intent","seq":4,"screen":"profile","action":"splice","key":"firstName","base":7,"at":3,"delete":1,"insert":"x"}"#,
                .intent(
                    IntentMessage(seq: 4, screen: "profile", action: .splice(.firstName, base: 7, at: 3, delete: 1, insert: "x")))
            ),
            // Negative offsets are read; the splice rules refuse them with bad_splice (issue 25).
            (
                #"{"type":"intent","seq":4,"screen":"profile","action":"splice","key":"firstName","base":0,"at":-1,"delete":-2,"insert":"x"}"#,
                .intent(
                    IntentMessage(
                        seq: 4, screen: "profile", action: .splice(.firstName, base: 0, at: -1, delete: -2, insert: "x"))
                )
            ),
            (
                #"{"type":"intent","seq":7,"screen":"checkout","action":"navigate","to":"gift"}"#,
                .intent(IntentMessage(seq: 7, screen: "checkout", action: .navigate("gift")))
            ),
            (
                #"{"type":"intent","seq":5,"screen":"profile","action":"dismiss"}"#,
                .intent(IntentMessage(seq: 5, screen: "profile", action: .dismiss))
            ),
            (
                #"{"type":"intent","seq":9007199254740992,"screen":"profile","action":"submit","extra":[1,2]}"#,
                .intent(IntentMessage(seq: 9_007_199_254_740_992, screen: "profile", action: .submit))
            ),
        ])
    func reads(text: String, expected: ClientMessage) throws {
        #expect(try Self.decode(text) == expected)
    }

    @Test(
        "Text that is not JSON is bad_json; JSON of the wrong shape is bad_message",
        arguments: [
            (#"{"type":"ping",}"#, ErrorCode.badJSON),
            ("01", .badJSON),
            ("{", .badJSON),
            ("[]", .badMessage),
            (#"{"kind":"ping"}"#, .badMessage),
            (#"{"type":"wave"}"#, .badMessage),
            (#"{"type":"hello"}"#, .badMessage),
            (#"{"type":"hello","clientId":7}"#, .badMessage),
            (#"{"type":"history"}"#, .badMessage),
            (#"{"type":"history","revision":-1}"#, .badMessage),
            (#"{"type":"history","revision":"4"}"#, .badMessage),
            (#"{"type":"step"}"#, .badMessage),
            (#"{"type":"step","on":1}"#, .badMessage),
            (#"{"type":"intent","seq":1,"screen":"gift","action":"lesson"}"#, .badMessage),
            (#"{"type":"intent","seq":1,"screen":"gift","action":"lesson","lesson":"gift-auto-focus","step":-1}"#, .badMessage),
            (#"{"type":"intent","seq":1.5,"screen":"profile","action":"submit"}"#, .badMessage),
            (#"{"type":"intent","seq":1e300,"screen":"profile","action":"submit"}"#, .badMessage),
            (#"{"type":"intent","seq":9223372036854775808,"screen":"profile","action":"submit"}"#, .badMessage),
            (#"{"type":"intent","seq":9007199254740993,"screen":"profile","action":"submit"}"#, .badMessage),
            (#"{"type":"intent","seq":0,"screen":"profile","action":"submit"}"#, .badMessage),
            (#"{"type":"intent","seq":"1","screen":"profile","action":"submit"}"#, .badMessage),
            (#"{"type":"intent","seq":1,"screen":"profile","action":"dance"}"#, .unknownAction),
            (#"{"type":"intent","seq":1,"screen":"profile","action":"focus"}"#, .badMessage),
            (#"{"type":"intent","seq":1,"screen":"profile","action":"focus","key":"first name"}"#, .unknownKey),
            // The built-in screens' actions are gone with them: a program's toolbar and rows are its own buttons.
            (#"{"type":"intent","seq":1,"screen":"tasks","action":"removeRow","list":"tasks","row":"nope"}"#, .unknownAction),
            (#"{"type":"intent","seq":1,"screen":"profile","action":"configure","settings":{"dark":true}}"#, .unknownAction),
            (#"{"type":"intent","seq":1,"screen":"profile","action":"next"}"#, .unknownAction),
            (
                #"{"type":"intent","seq":1,"screen":"profile","action":"splice","key":"firstName","base":0,"at":1.5,"delete":0,"insert":"x"}"#,
                .badMessage
            ),
        ])
    func refused(text: String, code: ErrorCode) {
        #expect(Self.refusal(text)?.code == code)
    }

    @Test("A refusal after the seq was read answers that seq")
    func refusalCarriesSeq() {
        #expect(Self.refusal(#"{"type":"intent","seq":41,"screen":"profile","action":"dance"}"#)?.seq == 41)
        #expect(Self.refusal(#"{"type":"intent","seq":42,"screen":"profile","action":"edit","key":"firstName"}"#)?.seq == 42)
        #expect(Self.refusal(#"{"type":"intent","seq":1.5,"screen":"profile","action":"submit"}"#)?.seq == nil)
    }

    @Test("The seq of a message refused before reading is found when it is valid")
    func seqOnly() {
        #expect(ClientMessage.seq(in: Array(#"{"type":"intent","seq":12,"action":"x"}"#.utf8)) == 12)
        #expect(ClientMessage.seq(in: Array(#"{"type":"intent","seq":1.5}"#.utf8)) == nil)
        #expect(ClientMessage.seq(in: Array("not json".utf8)) == nil)
    }
}
