import FocusCore
import FocusProtocol
import TestSupport
import Testing

@testable import Sessions

/// ``TextMerging`` alone: splices rebased over what each field's history recorded.
@Suite("Text merging, alone")
struct TextMergingTests {
    static let profile: ScreenID = "ProfileForm"
    static let gift: ScreenID = "GiftMessageForm"
    static let field = FieldName(profile, "firstName")

    /// The length of each field's text before a change, as the session hands it to the record:
    /// the profile form's first name holds "Ada", every other field is empty.
    static func lengths(_ key: FocusKey, _ screen: ScreenID) -> Int {
        screen == profile && key == "firstName" ? 3 : 0
    }

    @Test("A splice made on an older text is transformed over the edits recorded since its base")
    func rebasesOverRecordedEdits() throws {
        var texts = TextMerging(start: 0)
        texts.record(
            [.edit(screen: Self.profile, key: "firstName", ops: [TextSplice(at: 0, delete: 0, insert: "X")])],
            lengthBefore: Self.lengths, revision: 1,
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

    @Test("A screen that comes or goes starts its fields' histories again: a splice made before is stale_base")
    func screenChangesStartHistoriesAgain() throws {
        var texts = TextMerging(start: 0)
        texts.record(
            [.edit(screen: Self.profile, key: "firstName", ops: [TextSplice(at: 0, delete: 0, insert: "X")])],
            lengthBefore: Self.lengths, revision: 1, by: MemberID(rawValue: "m2"))
        texts.record([.navigate(from: Self.profile, to: Self.gift)], lengthBefore: Self.lengths, revision: 2, by: nil)
        // The page's copy of the field starts from empty when the screen comes again.
        let stale = texts.rebase(
            TextSplice(at: 0, delete: 0, insert: "!"), of: Self.field, base: 0, member: MemberID(rawValue: "m1"), current: 2,
            text: "")
        guard case .failure(let error) = stale else {
            Issue.record("a splice made before the screen came again was rebased: \(stale)")
            return
        }
        #expect(error.isStaleBase, "\(error)")
        let fresh = texts.rebase(
            TextSplice(at: 0, delete: 0, insert: "!"), of: Self.field, base: 1, member: MemberID(rawValue: "m1"), current: 2,
            text: "")
        #expect((try? fresh.get())?.applied(to: "") == "!")
    }
}
