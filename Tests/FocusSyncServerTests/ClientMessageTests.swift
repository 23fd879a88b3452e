import Testing
@testable import FocusSyncServer

@Suite("Decoding client messages")
struct ClientMessageTests {
    private func decode(_ json: String) throws(ProtocolError) -> ClientMessage {
        try ClientMessage.decode(Array(json.utf8))
    }

    @Test func helloPingAndEveryAction() throws {
        #expect(try decode(#"{"type":"hello","clientId":"tab-1","name":"Ada"}"#) == .hello(clientId: "tab-1", name: "Ada"))
        #expect(try decode(#"{"type":"hello","clientId":"tab-1"}"#) == .hello(clientId: "tab-1", name: nil))
        #expect(try decode(#"{"type":"ping"}"#) == .ping)
        let cases: [(String, IntentMessage.Action)] = [
            (#""action":"focus","key":"address""#, .focus(key: "address")),
            (#""action":"focus","key":null"#, .focus(key: nil)),
            (#""action":"edit","key":"name","value":"Ada""#, .edit(key: "name", value: "Ada")),
            (#""action":"submit""#, .submit),
            (#""action":"next""#, .next),
            (#""action":"previous""#, .previous),
            (#""action":"validate""#, .validate),
            (#""action":"addRow","list":"emails""#, .addRow(list: "emails")),
            (#""action":"removeRow","list":"tasks","row":"R1""#, .removeRow(list: "tasks", row: "R1")),
            (#""action":"navigate","to":"gift""#, .navigate(to: "gift")),
            (#""action":"configure","settings":{"animatedFocusChange":true}"#, .configure(settings: ["animatedFocusChange": true])),
        ]
        for (fields, action) in cases {
            let message = try decode(#"{"type":"intent","seq":3,"screen":"checkout","#+fields+"}")
            #expect(message == .intent(IntentMessage(seq: 3, screen: "checkout", action: action)))
        }
    }

    @Test(arguments: [
        ("not json", ProtocolError.Code.badJSON),
        ("{\"type\":", .badJSON),
        ("[]", .badMessage),
        ("{}", .badMessage),
        (#"{"type":"shout"}"#, .badMessage),
        (#"{"type":"hello"}"#, .badMessage),
        (#"{"type":"intent","screen":"profile","action":"submit"}"#, .badMessage),
        (#"{"type":"intent","seq":"one","screen":"profile","action":"submit"}"#, .badMessage),
        (#"{"type":"intent","seq":0,"screen":"profile","action":"submit"}"#, .badMessage),
        (#"{"type":"intent","seq":4,"screen":"profile","action":"focus"}"#, .badMessage),
        (#"{"type":"intent","seq":4,"screen":"profile","action":"edit","key":"firstName"}"#, .badMessage),
        (#"{"type":"intent","seq":4,"screen":"profile","action":"configure","settings":{"animatedFocusChange":"yes"}}"#, .badMessage),
        (#"{"type":"intent","seq":4,"screen":"profile","action":"dance"}"#, .unknownAction),
    ])
    func malformedMessagesGetACode(json: String, code: ProtocolError.Code) {
        #expect {
            try decode(json)
        } throws: { error in
            (error as? ProtocolError)?.code == code && !((error as? ProtocolError)?.message.isEmpty ?? true)
        }
    }

    @Test func errorsAnswerTheSeqWhenItCanBeRead() {
        let error = #expect(throws: ProtocolError.self) {
            try decode(#"{"type":"intent","seq":9,"screen":"profile","action":"edit","key":"firstName"}"#)
        }
        #expect(error?.seq == 9)
        #expect(error?.message == "The message needs a 'value' field.")
    }
}
