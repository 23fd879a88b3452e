import FocusCore
import FocusProtocol
import Sessions
import Testing

/// Issue 25: splices are refused with the codes docs/PROTOCOL.md gives, and their messages are
/// true. A negative offset is `bad_splice`; a splice of a field whose row another member deleted
/// is `unknown_key`, as an edit of it is, and nothing is applied.
@Suite("Splice refusals")
struct SpliceRefusalTests {
    /// The error `outputs` send to connection `number`.
    static func error(to number: UInt64, in outputs: [SessionOutput]) -> ProtocolError? {
        outputs.lazy.compactMap { output -> ProtocolError? in
            if case .send(.error(let error), ConnectionID(number)) = output { return error }
            return nil
        }.first
    }

    @Test(
        "A negative at or delete, read from the wire, is bad_splice with its seq, and changes nothing",
        arguments: [
            #"{"type":"intent","seq":1,"screen":"ProfileForm","action":"splice","key":"firstName","base":0,"insert":"x","at":-1,"delete":0}"#,
            #"{"type":"intent","seq":1,"screen":"ProfileForm","action":"splice","key":"firstName","base":0,"insert":"x","at":0,"delete":-2}"#,
        ])
    func negativeOffsets(text: String) throws {
        var harness = Harness()
        harness.join(1)
        let message = try ClientMessage.decode(Array(text.utf8))
        let outputs = harness.handle(.received(message, from: ConnectionID(1)))
        let error = try #require(Self.error(to: 1, in: outputs))
        #expect(error.code == .badSplice && error.seq == 1)
        #expect(error.message.contains("negative"), "says what is wrong: \(error.message)")
        #expect(harness.machine.revision == 0)
        #expect(harness.value(of: "firstName") == "")
    }

    @Test(
        "A splice or an edit of a row's field after another member deleted the row is unknown_key, truthfully, and applies nothing",
        arguments: ["Title", "Notes"])
    func rowRemovedUnderSplice(field: String) throws {
        var harness = Harness()
        harness.join(1)
        harness.join(2)
        harness.intent(1, seq: 1, .profileForm, .navigate(.reminderList))
        let title = harness.keys(titled: "Title")[0]
        // A reminder draws its notes while one of its fields has focus.
        harness.intent(1, seq: 2, .reminderList, .tap(title))
        let key = try harness.key(titled: field)
        #expect(key.rowID != nil && key.rowID == title.rowID)
        harness.intent(1, seq: 3, .reminderList, .edit(key, "Ada"))
        let typed = harness.machine.revision
        #expect(harness.value(of: key) == "Ada")
        let delete = try #require(harness.drawn.controls.first { $0.title == "Delete" && $0.key?.rowID == key.rowID }?.key)
        harness.intent(2, seq: 1, .reminderList, .tap(delete))
        let removed = harness.machine.revision
        #expect(removed == typed + 1)
        #expect(harness.value(of: key) == nil && harness.keys(titled: "Title").count == 2, "the reminder is gone")

        let splice = harness.intent(1, seq: 4, .reminderList, .splice(key, base: typed, at: 0, delete: 1, insert: ""))
        let spliceError = try #require(Self.error(to: 1, in: splice))
        #expect(spliceError.code == .unknownKey && spliceError.seq == 4)
        #expect(spliceError.message.contains(key.name))
        #expect(!spliceError.message.contains("past the end"), "the field was 3 long at its base, not 0: \(spliceError.message)")

        let edit = harness.intent(1, seq: 5, .reminderList, .edit(key, "Bea"))
        let editError = try #require(Self.error(to: 1, in: edit))
        #expect(editError.code == spliceError.code && editError.message == spliceError.message, "splices and edits alike")
        #expect(harness.machine.revision == removed, "nothing applied")
        #expect(!splice.contains { if case .broadcast = $0 { true } else { false } })
    }
}

/// A program draws a screen that comes with its fields' texts afresh (the page's copies start from
/// empty), so their histories start again there: a splice made before is `stale_base`, and one
/// made after applies. (Before, a restart back to the first screen left the first name's history
/// 2 code units long over an empty field, and the next splice of it stopped the server on a
/// precondition.)
@Suite("Splices across screens of a program")
struct ScreenChangeSpliceTests {
    @Test(
        "After a restart back to the first screen, or a trip to another screen and back, a splice from before is stale_base and one from now applies",
        arguments: [true, false])
    func spliceAfterTheScreenCameAgain(restart: Bool) throws {
        var harness = Harness()
        harness.join(1)
        harness.intent(1, seq: 1, .profileForm, .edit("firstName", "Ab"))
        let typed = harness.machine.revision
        harness.intent(1, seq: 2, .profileForm, .navigate(.checkoutForm))
        #expect(harness.screen == .checkoutForm)
        harness.intent(1, seq: 3, .checkoutForm, restart ? .restart : .navigate(.profileForm))
        #expect(harness.screen == .profileForm)
        #expect(harness.value(of: "firstName") == (restart ? "" : "Ab"), "a restart empties it; a trip keeps it")

        let stale = harness.intent(1, seq: 4, .profileForm, .splice("firstName", base: typed, at: 0, delete: 1, insert: ""))
        let error = try #require(SpliceRefusalTests.error(to: 1, in: stale))
        #expect(error.code == .staleBase && error.seq == 4, "\(error)")

        let now = harness.machine.revision
        harness.intent(1, seq: 5, .profileForm, .splice("firstName", base: now, at: 0, delete: restart ? 0 : 1, insert: "Z"))
        #expect(harness.value(of: "firstName") == (restart ? "Z" : "Zb"))
        #expect(harness.machine.revision == now + 1)
    }
}
