import FocusCore
import Testing

/// The worked examples of docs/TEXT-MERGING.md: `b` is the splice the server applied first, `a` the
/// one it transforms against it.
@Suite("Transform")
struct TransformTests {
    /// `a` by `member` and `b` by `applied` (applied first), both made on `base`: `a` as the server
    /// applies it after `b`, and the text both orders make (checked equal).
    func merge(_ base: String, a: TextSplice, by member: String, b: TextSplice, by applied: String) -> (
        aPrime: [TextSplice], text: String
    ) {
        let length = base.utf16Length
        let (aPrime, bPrime) = TextOperation.transform(
            TextOperation(a, length: length), TextOperation(b, length: length),
            tieBreak: TieBreak(member: member, appliedBy: applied))
        let serverOrder = aPrime.applied(to: b.applied(to: base))
        let otherOrder = bPrime.applied(to: a.applied(to: base))
        #expect(serverOrder == otherOrder, "TP1: both orders make one text")
        return (aPrime.splices, serverOrder)
    }

    @Test("Edits at different places keep their places: a later offset moves by what was inserted before it")
    func differentPlaces() {
        let result = merge("Ada", a: TextSplice(at: 3, insert: "!"), by: "m1", b: TextSplice(at: 0, insert: "X"), by: "m2")
        #expect(result.aPrime == [TextSplice(at: 4, insert: "!")])
        #expect(result.text == "XAda!")
    }

    @Test("Two inserts at one offset: the smaller member id's goes first, whichever the server applied first")
    func tieByMember() {
        let aFirst = merge("Ada", a: TextSplice(at: 3, insert: " L"), by: "m1", b: TextSplice(at: 3, insert: "!"), by: "m2")
        #expect(aFirst.aPrime == [TextSplice(at: 3, insert: " L")])
        #expect(aFirst.text == "Ada L!")
        let bFirst = merge("Ada", a: TextSplice(at: 3, insert: "!"), by: "m2", b: TextSplice(at: 3, insert: " L"), by: "m1")
        #expect(bFirst.aPrime == [TextSplice(at: 5, insert: "!")])
        #expect(bFirst.text == "Ada L!")
    }

    @Test("Member ids compare by UTF-8 bytes, not as numbers: m10 goes before m9")
    func tieByBytes() {
        #expect(TieBreak(member: "m10", appliedBy: "m9") == .aFirst)
        #expect(TieBreak(member: "m9", appliedBy: "m10") == .bFirst)
        #expect(TieBreak(member: "Z", appliedBy: "a") == .aFirst)
        #expect(TieBreak(member: "é", appliedBy: "😀") == .aFirst)
        #expect(
            merge("", a: TextSplice(at: 0, insert: "9"), by: "m9", b: TextSplice(at: 0, insert: "10"), by: "m10").text == "109")
    }

    @Test("Two inserts of one member at one offset: the one the server applied earlier goes first")
    func tieSameMember() {
        #expect(TieBreak(member: "m3", appliedBy: "m3") == .bFirst)
        let result = merge("Ada", a: TextSplice(at: 0, insert: "2"), by: "m3", b: TextSplice(at: 0, insert: "1"), by: "m3")
        #expect(result.text == "12Ada")
    }

    @Test("An insert inside text the other deletes survives, at the start of the deleted range")
    func insertInsideDelete() {
        let result = merge("Hello world", a: TextSplice(at: 5, insert: "X"), by: "m1", b: TextSplice(at: 3, delete: 5), by: "m2")
        #expect(result.aPrime == [TextSplice(at: 3, insert: "X")])
        #expect(result.text == "HelXrld")
    }

    @Test("Text both delete is deleted once")
    func overlappingDeletes() {
        let result = merge("abcdef", a: TextSplice(at: 1, delete: 3), by: "m1", b: TextSplice(at: 2, delete: 3), by: "m2")
        #expect(result.aPrime == [TextSplice(at: 1, delete: 1)])
        #expect(result.text == "af")
    }

    @Test("A delete around someone's insert splits in two, and the insert stays")
    func deleteSplits() {
        let result = merge("abcdef", a: TextSplice(at: 1, delete: 4), by: "m1", b: TextSplice(at: 3, insert: "X"), by: "m2")
        #expect(result.aPrime == [TextSplice(at: 1, delete: 2), TextSplice(at: 2, delete: 2)])
        #expect(result.text == "aXf")
    }

    @Test("Replacing a selection someone typed into keeps their text after the replacement")
    func replaceAroundInsert() {
        let result = merge(
            "cat", a: TextSplice(at: 0, delete: 3, insert: "dog"), by: "m2", b: TextSplice(at: 1, insert: "h"), by: "m1")
        #expect(result.aPrime == [TextSplice(at: 0, delete: 1, insert: "dog"), TextSplice(at: 4, delete: 2)])
        #expect(result.text == "dogh")
    }

    @Test("Offsets move by two for an emoji inserted before them")
    func astral() {
        let result = merge(
            "a😀b", a: TextSplice(at: 3, delete: 1, insert: "c"), by: "m1", b: TextSplice(at: 1, insert: "🎉"), by: "m2")
        #expect(result.aPrime == [TextSplice(at: 5, delete: 1, insert: "c")])
        #expect(result.text == "a🎉😀c")
    }
}
