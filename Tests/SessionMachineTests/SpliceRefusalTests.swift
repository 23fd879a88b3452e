import FocusCore
import FocusProtocol
import Sessions
import Testing

/// Issue 25: splices are refused with the codes docs/PROTOCOL.md gives, and their messages are
/// true. A negative offset is `bad_splice`; a splice of a field whose row another member removed
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
            #"{"type":"intent","seq":1,"screen":"profile","action":"splice","key":"firstName","base":0,"insert":"x","at":-1,"delete":0}"#,
            #"{"type":"intent","seq":1,"screen":"profile","action":"splice","key":"firstName","base":0,"insert":"x","at":0,"delete":-2}"#,
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
        #expect(harness.machine.state[.profile]?.values[.firstName] == "")
    }

    @Test(
        "A splice or an edit of a row's field after another member removed the row is unknown_key, truthfully, and applies nothing",
        arguments: [
            (ScreenID.gift, ListID.emails, FocusCase(rawValue: "row")), (.tasks, .tasks, FocusCase(rawValue: "title")),
            (.tasks, .tasks, FocusCase(rawValue: "notes")),
        ])
    func rowRemovedUnderSplice(screen: ScreenID, list: ListID, rowCase: FocusCase) throws {
        var harness = Harness()
        harness.join(1)
        harness.join(2)
        harness.intent(1, seq: 1, .profile, .navigate(screen))
        if harness.machine.state[screen]?.rows(in: list).isEmpty != false {
            harness.intent(1, seq: 2, screen, .addRow(list))
        }
        let row = try #require(harness.machine.state[screen]?.rows(in: list).first)
        let key = FocusKey(rowCase, id: row)
        harness.intent(1, seq: 3, screen, .edit(key, "Ada"))
        let typed = harness.machine.revision
        #expect(harness.machine.state[screen]?.values[key] == "Ada")
        harness.intent(2, seq: 1, screen, .removeRow(list, row))
        let removed = harness.machine.revision
        #expect(removed == typed + 1)

        let splice = harness.intent(1, seq: 4, screen, .splice(key, base: typed, at: 0, delete: 1, insert: ""))
        let spliceError = try #require(Self.error(to: 1, in: splice))
        #expect(spliceError.code == .unknownKey && spliceError.seq == 4)
        #expect(spliceError.message.contains(key.name))
        #expect(!spliceError.message.contains("past the end"), "the field was 3 long at its base, not 0: \(spliceError.message)")

        let edit = harness.intent(1, seq: 5, screen, .edit(key, "Bea"))
        let editError = try #require(Self.error(to: 1, in: edit))
        #expect(editError.code == spliceError.code && editError.message == spliceError.message, "splices and edits alike")
        #expect(harness.machine.revision == removed, "nothing applied")
        #expect(!splice.contains { if case .broadcast = $0 { true } else { false } })
    }
}
