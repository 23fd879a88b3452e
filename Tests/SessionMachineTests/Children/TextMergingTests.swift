import FocusCore
import FocusProtocol
import TestSupport
import Testing

@testable import Sessions

/// ``TextMerging`` alone: splices rebased over what each field's history recorded.
@Suite("Text merging, alone")
struct TextMergingTests {
    static let field = FieldName(.profile, .firstName)

    /// A session state whose profile first name holds "Ada".
    static func state() throws -> SessionState {
        var ids = SplitMix64(seed: 3)
        let engine = FocusEngine()
        var state = engine.start(ids: &ids).state
        _ = try engine.apply(.edit(.firstName, "Ada"), on: .profile, to: &state, ids: &ids)
        return state
    }

    /// The length of each field's text in `state`, as the session hands it to the record.
    static func lengths(in state: SessionState) -> (FocusKey, ScreenID) -> Int {
        { key, screen in (state[screen]?.values[key] ?? "").utf16Length }
    }

    @Test("A splice made on an older text is transformed over the edits recorded since its base")
    func rebasesOverRecordedEdits() throws {
        var texts = TextMerging(start: 0)
        texts.record(
            [.edit(screen: .profile, key: .firstName, ops: [TextSplice(at: 0, delete: 0, insert: "X")])],
            lengthBefore: Self.lengths(in: try Self.state()), revision: 1,
            by: MemberID(rawValue: "m2"))
        let rebased = try texts.rebase(
            TextSplice(at: 3, delete: 0, insert: "!"), of: Self.field, base: 0, member: MemberID(rawValue: "m1"), current: 1,
            text: "XAda"
        ).get()
        #expect(rebased.applied(to: "XAda") == "XAda!")
        #expect(
            texts.rebase(
                TextSplice(at: 0, delete: 0, insert: "!"), of: Self.field, base: 2, member: MemberID(rawValue: "m1"), current: 1,
                text: "XAda")
                == .failure(.baseInFuture(base: 2, current: 1)))
    }

    @Test("A removed row's fields take their histories with them (which is why the session checks the field before rebasing)")
    func removedRowsDropHistories() throws {
        let row = try #require(RowID("6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55"))
        let key = FocusKey(FocusCase(rawValue: "row"), id: row)
        var texts = TextMerging(start: 0)
        let state = try Self.state()
        texts.record(
            [.edit(screen: .gift, key: key, ops: [TextSplice(at: 0, delete: 0, insert: "Ada")])],
            lengthBefore: Self.lengths(in: state), revision: 1,
            by: MemberID(rawValue: "m1"))
        let kept = texts.rebase(
            TextSplice(at: 0, delete: 1, insert: ""), of: FieldName(.gift, key), base: 1, member: MemberID(rawValue: "m1"),
            current: 1, text: "Ada")
        #expect((try? kept.get())?.applied(to: "Ada") == "da")
        texts.record(
            [.rowRemoved(screen: .gift, list: .emails, row: row)], lengthBefore: Self.lengths(in: state), revision: 2,
            by: MemberID(rawValue: "m2"))
        // With the history gone the field reads as it is now, empty: the splice seems to reach past its end.
        let gone = texts.rebase(
            TextSplice(at: 0, delete: 1, insert: ""), of: FieldName(.gift, key), base: 1, member: MemberID(rawValue: "m1"),
            current: 2, text: "")
        #expect(gone == .failure(.pastEnd(TextSplice(at: 0, delete: 1, insert: ""), length: 0)))
    }
}
