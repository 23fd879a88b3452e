import FocusCore
import FocusProtocol
import TestSupport
import Testing

@testable import Sessions

/// Which lines each editor's source editor shows (`view`: its first line), shared with the
/// carets so viewers can follow the presenter's scroll. Like a caret it is no change, and it
/// goes with the member.
@Suite("The lines an editor shows")
struct EditorViewTests {
    @discardableResult
    static func view(_ harness: inout Harness, _ number: UInt64, top: Int) -> [SessionOutput] {
        harness.handle(.received(.view(top: top), from: ConnectionID(number)))
    }

    @Test(
        "An editor's first line shown goes out in carets beside its caret, is in a late joiner's snapshot, and goes when it leaves"
    )
    func sharedKeptAndGone() throws {
        var harness = CaretTests.twoEditors()
        let revision = harness.machine.revision
        let outputs = Self.view(&harness, 1, top: 40)
        let message = try #require(CaretTests.caretMessages(in: outputs).first, "the first goes out at once")
        #expect(message.carets == [MemberCaret(member: CaretTests.m1, selection: nil, top: 40)])
        #expect(
            String(decoding: ServerMessage.carets(message).encoded(), as: UTF8.self)
                == #"{"type":"carets","revision":0,"carets":[{"member":"m1","top":40,"key":null}]}"#)
        #expect(harness.machine.revision == revision, "no change")
        #expect(!outputs.contains { if case .persist = $0 { true } else { false } }, "nothing stored")

        // A caret afterwards keeps the view beside it; the caret leaving the editor keeps the view.
        CaretTests.caret(&harness, 1, CaretTests.source(at: revision, at: 5))
        harness.advance(by: 200)
        CaretTests.caret(&harness, 1, nil)
        harness.advance(by: 200)
        let later = CaretTests.caretMessages(in: harness.log).suffix(2).flatMap(\.carets)
        #expect(
            later == [
                MemberCaret(member: CaretTests.m1, selection: TextSelection(caret: 5), top: 40),
                MemberCaret(member: CaretTests.m1, selection: nil, top: 40),
            ])
        let late = try CaretTests.join(&harness, 3, name: "Alan")
        #expect(late.carets == [MemberCaret(member: CaretTests.m1, selection: nil, top: 40)])

        harness.handle(.closed(ConnectionID(1)))
        harness.advance(by: 200)
        #expect(CaretTests.caretMessages(in: harness.log).last?.carets == [MemberCaret(member: CaretTests.m1, selection: nil)])
        #expect(try CaretTests.join(&harness, 4).carets.isEmpty)
    }

    @Test("A viewer's view is refused with read_only; a first line under 1 is bad_message")
    func refusals() throws {
        var harness = CaretTests.twoEditors()
        harness.join(3, role: .viewer)
        #expect(CaretTests.error(to: 3, in: Self.view(&harness, 3, top: 12))?.code == .readOnly)
        harness.advance(by: 200)
        #expect(CaretTests.caretMessages(in: harness.log).isEmpty)
        #expect(try ClientMessage.decode(Array(#"{"type":"view","top":12}"#.utf8)) == .view(top: 12))
        for text in [#"{"type":"view","top":0}"#, #"{"type":"view"}"#, #"{"type":"view","top":"12"}"#] {
            #expect(throws: ProtocolError.self, "\(text)") { try ClientMessage.decode(Array(text.utf8)) }
        }
    }

    @Test("Carets count the source's length only when one is to move over an edit of it (the count walks the whole source)")
    func lengthCountedOnlyWhenNeeded() {
        var sharing = CaretSharing(intervalMilliseconds: 100)
        let edit = FocusEvent.edit(screen: .sourceText, key: .sourceText, ops: [TextSplice(at: 0, delete: 0, insert: "x")])
        var counted = 0
        sharing.move(over: [edit]) {
            counted += 1
            return 10
        }
        #expect(counted == 0, "no caret: nothing to move")
        var outputs: [SessionOutput] = []
        sharing.place(
            TextSelection(caret: 3), of: CaretTests.m1, revision: 0,
            at: MachineTime(monotonicMilliseconds: 0, wallMilliseconds: 0), into: &outputs)
        sharing.move(over: [FocusEvent.focus(screen: "SignUp", from: nil, to: "email", cause: .tap)]) {
            counted += 1
            return 10
        }
        #expect(counted == 0, "no edit of the source: nothing to move over")
        sharing.move(over: [edit]) {
            counted += 1
            return 10
        }
        #expect(counted == 1)
        #expect(sharing.shared == [MemberCaret(member: CaretTests.m1, selection: TextSelection(caret: 4))])
    }
}
