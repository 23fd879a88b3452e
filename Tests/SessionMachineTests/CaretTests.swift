import FocusCore
import FocusProtocol
import Sessions
import TestSupport
import Testing

/// The editors' carets in the shared source: a `caret` names the revision its offsets are in, as a
/// splice names its base; the session moves it over what others typed since, keeps the latest per
/// member, moves kept carets over every later edit, and shares the ones that moved in one `carets`
/// message per 100 ms. A caret is no change: no revision, no log, nothing stored.
@Suite("Carets in the source")
struct CaretTests {
    static let m1 = MemberID(rawValue: "m1")
    static let m2 = MemberID(rawValue: "m2")

    /// Every `carets` message `outputs` broadcast.
    static func caretMessages(in outputs: [SessionOutput]) -> [CaretsMessage] {
        outputs.compactMap { if case .broadcast(.carets(let carets)) = $0 { carets } else { nil } }
    }

    /// The error `outputs` send to connection `number`.
    static func error(to number: UInt64, in outputs: [SessionOutput]) -> ProtocolError? {
        outputs.lazy.compactMap { output -> ProtocolError? in
            if case .send(.error(let error), ConnectionID(number)) = output { return error }
            return nil
        }.first
    }

    /// Connection `number` says where its caret is.
    @discardableResult
    static func caret(_ harness: inout Harness, _ number: UInt64, _ place: CaretPlace?) -> [SessionOutput] {
        harness.handle(.received(.caret(place), from: ConnectionID(number)))
    }

    /// Connection `number` joins as an editor; its snapshot.
    static func join(_ harness: inout Harness, _ number: UInt64, name: String? = nil) throws -> SnapshotMessage {
        let snapshot = harness.join(number, name: name)
        return try #require(snapshot)
    }

    static func source(at revision: Int, at: Int, length: Int = 0) -> CaretPlace {
        CaretPlace(key: .sourceText, revision: revision, at: at, length: length)
    }

    /// Two editors, Ada (m1) and Grace (m2), on the seed screens, presence settled.
    static func twoEditors() -> Harness {
        var harness = Harness()
        harness.join(1, name: "Ada")
        harness.join(2, name: "Grace")
        harness.advance(by: 200)
        return harness
    }

    @Test("A caret made before another member's splice landed is rebased over it, and shared at the revision now")
    func rebasedOverAnotherMembersSplice() throws {
        var harness = Self.twoEditors()
        let word = try #require(Harness.seeds.range(of: "ProfileForm"))
        let at = Harness.seeds.utf16.distance(from: Harness.seeds.startIndex, to: word.lowerBound)
        // Grace types a line at the top; Ada's caret message, made on the text before it, comes after.
        harness.intent(2, seq: 1, .sourceText, .splice(.sourceText, base: 0, at: 0, delete: 0, insert: "// hi\n"))
        #expect(harness.machine.revision == 1)
        let outputs = Self.caret(&harness, 1, Self.source(at: 0, at: at, length: 11))
        let message = try #require(Self.caretMessages(in: outputs).first, "the first caret goes out at once")
        #expect(message.revision == 1)
        #expect(message.carets == [MemberCaret(member: Self.m1, selection: TextSelection(start: at + 6, end: at + 17))])
        #expect(Self.error(to: 1, in: outputs) == nil)

        // A later splice moves the kept caret: a late joiner's snapshot has it where the word now is.
        harness.intent(2, seq: 2, .sourceText, .splice(.sourceText, base: 1, at: 0, delete: 0, insert: "// and more\n"))
        let snapshot = try Self.join(&harness, 3, name: "Alan")
        #expect(snapshot.revision == 2)
        #expect(snapshot.carets == [MemberCaret(member: Self.m1, selection: TextSelection(start: at + 18, end: at + 29))])
        let text = Array(harness.machine.sessionSnapshot().program.source.utf16)
        #expect(String(decoding: text[(at + 18)..<(at + 29)], as: UTF16.self) == "ProfileForm")
        let encoded = String(decoding: ServerMessage.snapshot(snapshot).encoded(), as: UTF8.self)
        #expect(
            encoded.contains(#""carets":[{"member":"m1","key":"source","at":\#(at + 18),"length":11}]"#), "\(encoded.suffix(120))"
        )
    }

    @Test("A viewer's caret is refused with read_only, and nobody hears of it")
    func viewersCaretIsRefused() throws {
        var harness = Self.twoEditors()
        harness.join(3, role: .viewer)
        let outputs = Self.caret(&harness, 3, Self.source(at: 0, at: 0))
        #expect(Self.error(to: 3, in: outputs)?.code == .readOnly)
        harness.advance(by: 200)
        #expect(Self.caretMessages(in: harness.log).isEmpty)
        #expect(try Self.join(&harness, 4).carets.isEmpty)
    }

    @Test("A caret is no change: the revision stays, nothing is stored, logged or published as an update")
    func caretsAreNoChanges() throws {
        var harness = Self.twoEditors()
        harness.intent(1, seq: 1, .profileForm, .focus("firstName"))
        let revision = harness.machine.revision
        let log = try Self.join(&harness, 5).log
        var outputs: [SessionOutput] = []
        for offset in 0..<20 {
            outputs += Self.caret(&harness, 1, Self.source(at: revision, at: offset * 3, length: offset % 2))
            harness.advance(by: 10)
        }
        outputs += Self.caret(&harness, 1, nil)
        #expect(harness.machine.revision == revision)
        #expect(!outputs.contains { if case .persist = $0 { true } else { false } }, "nothing stored")
        #expect(!outputs.contains { if case .broadcast(.update) = $0 { true } else { false } }, "no update")
        #expect(!outputs.contains { if case .send(.ack, _) = $0 { true } else { false } }, "no answer")
        #expect(try Self.join(&harness, 6).log == log, "the log is as it was")
    }

    @Test("Carets placed within one interval go out together, each member's latest only")
    func coalesced() throws {
        var harness = Self.twoEditors()
        Self.caret(&harness, 1, Self.source(at: 0, at: 1))
        let first = Self.caretMessages(in: harness.log).count
        #expect(first == 1, "the first goes out at once")
        for offset in 2...9 {
            Self.caret(&harness, 1, Self.source(at: 0, at: offset))
            Self.caret(&harness, 2, Self.source(at: 0, at: 100 + offset, length: 2))
            harness.advance(by: 5)
        }
        harness.advance(by: 200)
        let messages = Self.caretMessages(in: harness.log)
        #expect(messages.count == 2, "eight moves each within 100 ms: one more message")
        #expect(
            messages.last?.carets == [
                MemberCaret(member: Self.m1, selection: TextSelection(caret: 9)),
                MemberCaret(member: Self.m2, selection: TextSelection(start: 109, end: 111)),
            ])
        // The same place again tells nobody anything.
        Self.caret(&harness, 2, Self.source(at: 0, at: 109, length: 2))
        harness.advance(by: 200)
        #expect(Self.caretMessages(in: harness.log).count == 2)
    }

    @Test("A member who leaves the editor or the session takes the caret away")
    func leavingTakesTheCaretAway() throws {
        var harness = Self.twoEditors()
        Self.caret(&harness, 1, Self.source(at: 0, at: 5))
        Self.caret(&harness, 2, Self.source(at: 0, at: 7))
        harness.advance(by: 200)
        let before = Self.caretMessages(in: harness.log).count
        Self.caret(&harness, 2, nil)
        harness.handle(.closed(ConnectionID(1)))
        harness.advance(by: 200)
        let gone = Self.caretMessages(in: harness.log)[before...]
        #expect(
            gone.flatMap(\.carets) == [
                MemberCaret(member: Self.m2, selection: nil), MemberCaret(member: Self.m1, selection: nil),
            ])
        let encoded = String(decoding: ServerMessage.carets(try #require(gone.last)).encoded(), as: UTF8.self)
        #expect(encoded == #"{"type":"carets","revision":0,"carets":[{"member":"m1","key":null}]}"#)
        #expect(try Self.join(&harness, 3).carets.isEmpty)
    }

    @Test(
        "A caret outside the text at its revision, or at a revision not reached, is bad_caret; another key unknown_key",
        arguments: [
            (#"{"type":"caret","key":"source","revision":0,"at":-1,"length":0}"#, ErrorCode.badCaret, "negative"),
            (#"{"type":"caret","key":"source","revision":0,"at":0,"length":-2}"#, .badCaret, "negative"),
            (#"{"type":"caret","key":"source","revision":0,"at":999999,"length":0}"#, .badCaret, "past the end"),
            (#"{"type":"caret","key":"source","revision":0,"at":0,"length":999999}"#, .badCaret, "past the end"),
            (#"{"type":"caret","key":"source","revision":3,"at":0,"length":0}"#, .badCaret, "revision 3"),
            (#"{"type":"caret","key":"firstName","revision":0,"at":0,"length":0}"#, .unknownKey, "source alone"),
        ])
    func refusals(text: String, code: ErrorCode, says: String) throws {
        var harness = Self.twoEditors()
        let message = try ClientMessage.decode(Array(text.utf8))
        let outputs = harness.handle(.received(message, from: ConnectionID(1)))
        let error = try #require(Self.error(to: 1, in: outputs))
        #expect(error.code == code && error.seq == nil)
        #expect(error.message.contains(says), "\(error.message)")
        harness.advance(by: 200)
        #expect(Self.caretMessages(in: harness.log).isEmpty)
    }

    @Test("A caret message of the wrong shape is bad_message; a null key is read as no caret")
    func decoding() throws {
        #expect(try ClientMessage.decode(Array(#"{"type":"caret","key":null}"#.utf8)) == .caret(nil))
        #expect(
            try ClientMessage.decode(Array(#"{"type":"caret","key":"source","revision":4,"at":2,"length":3}"#.utf8))
                == .caret(CaretPlace(key: .sourceText, revision: 4, at: 2, length: 3)))
        for text in [
            #"{"type":"caret"}"#, #"{"type":"caret","key":"source","at":1,"length":0}"#,
            #"{"type":"caret","key":"source","revision":0,"at":1.5,"length":0}"#,
        ] {
            #expect(throws: ProtocolError.self, "\(text)") { try ClientMessage.decode(Array(text.utf8)) }
        }
    }
}
