import FocusCore
import FocusProtocol
import Foundation
import TestSupport
import Testing

/// The JSON the core's types encode to matches the protocol (docs/PROTOCOL.md).
@Suite("Wire shapes")
struct WireShapeTests {
    static let id = RowID("6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55")!

    static let events: [(FocusEvent, String)] = [
        (
            .focus(screen: .gift, from: nil, to: .message, cause: .autoFocus),
            #"{"kind":"focus","screen":"GiftMessageForm","from":null,"to":"message","cause":"autoFocus"}"#
        ),
        (
            .focus(screen: .gift, from: .email(id: id), to: nil, cause: .rowRemoved),
            #"{"kind":"focus","screen":"GiftMessageForm","from":"email/6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55","to":null,"cause":"rowRemoved"}"#
        ),
        (
            .edit(screen: .profile, key: .firstName, ops: [TextSplice(at: 3, delete: 1, insert: "é")]),
            #"{"kind":"edit","screen":"ProfileForm","key":"firstName","ops":[{"at":3,"delete":1,"insert":"é"}]}"#
        ),
        (.navigate(from: .checkout, to: .gift), #"{"kind":"navigate","from":"CheckoutForm","to":"GiftMessageForm"}"#),
        (
            .state(screen: .profile, name: "focus", value: ".lastName"),
            #"{"kind":"state","screen":"ProfileForm","name":"focus","value":".lastName"}"#
        ),
        (
            .timerSet(screen: .gift, afterMilliseconds: 750),
            #"{"kind":"timerSet","screen":"GiftMessageForm","afterMilliseconds":750}"#
        ),
        (.restart(screen: .profile), #"{"kind":"restart","screen":"ProfileForm"}"#),
    ]

    @Test("Events encode as the protocol's event objects and decode back", arguments: events)
    func eventShape(event: FocusEvent, expected: String) throws {
        #expect(sameJSON(try jsonObject(event), try jsonObject(expected)))
        #expect(try JSONDecoder().decode(FocusEvent.self, from: Data(expected.utf8)) == event)
    }

    @Test("Every event kind a lesson goal can name is a kind an event has on the wire")
    func eventKinds() {
        #expect(Set(EventKind.allCases.map(\.rawValue)) == Set(Self.events.map(\.0.kind)))
    }

    @Test(
        "Each error has a message naming what was wrong",
        arguments: [
            (FocusError.unknownScreen("Settings"), "Settings"),
            (.unknownKey("addres", screen: .checkout), "The CheckoutForm screen has no field bound to 'addres'."),
            (.unknownKey("addres", screen: nil), "addres"),
            (.notCurrentScreen(.gift, current: .checkout), "navigate to GiftMessageForm"),
            (.valueTooLong(key: .message, length: 10_001, limit: 10_000), "10000"),
            (.sessionTextFull(limit: 65_536), "65536"),
        ])
    func errorMessages(error: FocusError, mention: String) {
        #expect(error.message.contains(mention))
    }
}
