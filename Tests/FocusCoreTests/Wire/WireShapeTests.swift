import FocusCore
import FocusProtocol
import Foundation
import Testing

/// The JSON the core's types encode to matches protocol v1.
@Suite("Wire shapes")
struct WireShapeTests {
    static let id = RowID("6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55")!

    static let events: [(FocusEvent, String)] = [
        (
            focusEvent(.gift, nil, .message, .autoFocus),
            #"{"kind":"focus","screen":"gift","from":null,"to":"message","cause":"autoFocus"}"#
        ),
        (
            .edit(screen: .profile, key: .firstName, ops: [TextSplice(at: 3, delete: 1, insert: "é")]),
            #"{"kind":"edit","screen":"profile","key":"firstName","ops":[{"at":3,"delete":1,"insert":"é"}]}"#
        ),
        (
            .validation(screen: .checkout, valid: false, firstInvalid: .address),
            #"{"kind":"validation","screen":"checkout","valid":false,"firstInvalid":"address"}"#
        ),
        (
            .validation(screen: .gift, valid: true, firstInvalid: nil),
            #"{"kind":"validation","screen":"gift","valid":true,"firstInvalid":null}"#
        ),
        (
            .rowAdded(screen: .gift, list: .emails, row: id),
            #"{"kind":"rowAdded","screen":"gift","list":"emails","row":"6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55"}"#
        ),
        (
            .rowRemoved(screen: .tasks, list: .tasks, row: id),
            #"{"kind":"rowRemoved","screen":"tasks","list":"tasks","row":"6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55"}"#
        ),
        (.navigate(from: .checkout, to: .gift), #"{"kind":"navigate","from":"checkout","to":"gift"}"#),
        (
            .autoFocusScheduled(screen: .gift, key: .message, afterMilliseconds: 750),
            #"{"kind":"autoFocusScheduled","screen":"gift","key":"message","afterMilliseconds":750}"#
        ),
        (.autoFocusCancelled(screen: .gift, key: .message), #"{"kind":"autoFocusCancelled","screen":"gift","key":"message"}"#),
        (.settings(SettingsPatch(animatedFocusChange: true)), #"{"kind":"settings","settings":{"animatedFocusChange":true}}"#),
    ]

    @Test("Events encode as the protocol's event objects and decode back", arguments: events)
    func eventShape(event: FocusEvent, expected: String) throws {
        #expect(sameJSON(try jsonObject(event), try jsonObject(expected)))
        #expect(try JSONDecoder().decode(FocusEvent.self, from: Data(expected.utf8)) == event)
    }

    @Test("A checkout screen state after a failed Proceed has the protocol's fields and values")
    func checkoutSnapshot() throws {
        var session = try TestSession(on: .checkout)
        try session.apply(.edit(.name, "Ada Lovelace"))
        try session.apply(.edit(.phone, "+44 20 7946 0000"))
        try session.apply(.validate)
        let expected = #"""
            {
              "focus": "address",
              "byFocus": {
                "nil": {"focusedField": null, "focusSwift": "nil", "focusPrinted": "nil"},
                "name": {"focusedField": "name", "focusSwift": ".name", "focusPrinted": "Optional(FocusSync.CheckoutField.name)", "label": "Name"},
                "address": {"focusedField": "address", "focusSwift": ".address", "focusPrinted": "Optional(FocusSync.CheckoutField.address)", "label": "Address"},
                "phone": {"focusedField": "phone", "focusSwift": ".phone", "focusPrinted": "Optional(FocusSync.CheckoutField.phone)", "label": "Phone"}
              },
              "values": {"name": "Ada Lovelace", "address": "", "phone": "+44 20 7946 0000"},
              "errors": {"address": "Enter a street address."}, "staleErrors": [],
              "rows": {},
              "bindings": [{"field": "name", "key": "name"}, {"field": "address", "key": "address"}, {"field": "phone", "key": "phone"}],
              "diagnostics": [], "pendingAutoFocus": null, "validation": "invalid"
            }
            """#
        #expect(sameJSON(try jsonObject(session.snapshot), try jsonObject(expected)))
    }

    @Test("A task screen state names rows by id and row fields by key; notesHTML is left to the server")
    func tasksSnapshot() throws {
        var session = try TestSession(on: .tasks)
        let row = session.rows(.tasks)[0]
        try session.apply(.focus(.title(id: row)))
        let json = try jsonObject(session.snapshot)
        #expect(field(json, "focus") as? String == "title/\(row)")
        let shown = field(field(json, "byFocus") as Any, "title/\(row)") as Any
        #expect(field(shown, "focusedField") as? String == "title/\(row)")
        #expect(field(shown, "focusSwift") as? String == ".title(id: \(row))")
        #expect(field(shown, "focusPrinted") as? String == "Optional(FocusSync.ReminderField.title(id: \(row)))")
        #expect(field(shown, "focusedRow") as? String == row.uuidString)
        let none = try #require(field(field(json, "byFocus") as Any, "nil"))
        #expect(field(none, "focusSwift") as? String == "nil")
        #expect(field(none, "focusedRow") == nil)
        #expect((field(field(json, "rows") as Any, "tasks") as? [String])?.first == row.uuidString)
        #expect(field(json, "notesHTML") == nil)

        var filled = session.snapshot
        filled.notesHTML = [row: "<p>x</p>\n"]
        #expect(field(field(try jsonObject(filled), "notesHTML") as Any, row.uuidString) as? String == "<p>x</p>\n")
    }

    @Test("The session snapshot holds the current screen, the settings and every screen")
    func sessionSnapshot() throws {
        let session = try TestSession(on: .gift)
        let json = try jsonObject(session.engine.snapshot(of: session.state))
        #expect(field(json, "screen") as? String == "gift")
        #expect(
            sameJSON(
                field(json, "settings") as Any, try jsonObject(#"{"animatedFocusChange":false,"ambiguousAddressBinding":false}"#))
        )
        let screens = try #require(field(json, "screens") as? [String: Any])
        #expect(Set(screens.keys) == ["profile", "checkout", "gift", "tasks"])
        #expect(field(screens["gift"] as Any, "pendingAutoFocus") as? String == "message")
    }

    @Test("The schema encodes to the protocol's shape and decodes back unchanged")
    func schemaShape() throws {
        let json = try jsonObject(Schema.seeds)
        let profileFields = field(field(json, "profile") as Any, "fields") as? [[String: Any]]
        #expect(profileFields?.count == 2)
        let first = try #require(profileFields?.first)
        for (key, value) in ["id": "firstName", "label": "First Name", "kind": "text", "submitLabel": "next", "key": "firstName"]
        {
            #expect(first[key] as? String == value)
        }
        let gift = field(json, "gift")
        #expect(field(gift as Any, "title") as? String == "Gift Message")
        let emails = try #require((field(gift as Any, "lists") as? [[String: Any]])?.first)
        #expect(emails["id"] as? String == "emails")
        #expect(emails["maxRows"] as? Int == 100)
        let emailField = try #require((emails["fields"] as? [[String: Any]])?.first)
        #expect(emailField["case"] as? String == "row")
        #expect(emailField["kind"] as? String == "email")

        let decoded = try JSONDecoder().decode(Schema.self, from: Data(StreamingJSONEncoder().encode(Schema.seeds)))
        #expect(decoded == Schema.seeds)
    }

    @Test(
        "Each error has a message naming what was wrong",
        arguments: [
            (FocusError.unknownScreen("settings"), "settings"),
            (.unknownKey("addres", screen: .checkout), "The checkout screen has no field bound to 'addres'."),
            (.unknownKey("addres", screen: nil), "addres"),
            (.unknownRow("6F1C", list: .emails), "6F1C"),
            (.unknownList("guests", screen: .gift), "guests"),
            (.notCurrentScreen(.gift, current: .checkout), "navigate to gift"),
            (.valueTooLong(key: .message, length: 10_001, limit: 10_000), "10000"),
            (.tooManyRows(list: .emails, limit: 100), "remove one"),
        ])
    func errorMessages(error: FocusError, mention: String) {
        #expect(error.message.contains(mention))
    }
}

@Suite("What the page is told instead of deriving it")
struct DerivedStateTests {
    @Test(
        "print(focus) names the screen's focus type in full, or nil",
        arguments: [
            (ScreenID.profile, Intent.focus(.lastName), "Optional(FocusSync.ProfileForm.Field.lastName)"),
            (.checkout, .focus(.phone), "Optional(FocusSync.CheckoutField.phone)"),
            (.gift, .focus(.message), "Optional(FocusSync.GiftField.message)"),
            (.profile, .focus(nil), "nil"),
        ])
    func printed(screen: ScreenID, intent: Intent, expected: String) throws {
        var session = try TestSession(on: screen)
        try session.apply(intent)
        #expect(session.snapshot.focusPrinted == expected)
    }

    @Test("A row key prints with its label and id, as Swift prints an enum case with a value")
    func printedRow() throws {
        var session = try TestSession(on: .gift)
        let row = session.rows(.emails)[0]
        try session.apply(.focus(.row(id: row)))
        #expect(session.snapshot.focusPrinted == "Optional(FocusSync.GiftField.row(id: \(row)))")
    }

    @Test("The toolbar's Previous is off on the first field and Next on the last; only screens with a toolbar have one")
    func toolbarEnds() throws {
        var session = try TestSession(on: .profile)
        #expect(session.snapshot.toolbar == ToolbarState(previous: true, next: true), "from nothing both enter the chain")
        try session.apply(.focus(.firstName))
        #expect(session.snapshot.toolbar == ToolbarState(previous: false, next: true))
        try session.apply(.focus(.lastName))
        #expect(session.snapshot.toolbar == ToolbarState(previous: true, next: false))
        #expect(try TestSession(on: .checkout).snapshot.toolbar == nil)
    }
}
