import FocusCore
import Testing

@Suite("Differences")
struct DifferenceTests {
    @Test("The splice between two texts keeps their common start and end")
    func splice() {
        #expect(TextSplice(from: "Ada", to: "Ada L") == TextSplice(at: 3, insert: " L"))
        #expect(TextSplice(from: "hello", to: "hao") == TextSplice(at: 1, delete: 3, insert: "a"))
        #expect(TextSplice(from: "same", to: "same") == TextSplice(at: 4))
        #expect(TextSplice(from: "", to: "😀") == TextSplice(at: 0, insert: "😀"))
    }

    @Test("The caret places a repeated letter where it was typed or deleted")
    func caret() {
        #expect(TextSplice(from: "aa", to: "aaa") == TextSplice(at: 2, insert: "a"))
        #expect(TextSplice(from: "aa", to: "aaa", caret: 1) == TextSplice(at: 0, insert: "a"))
        #expect(TextSplice(from: "aa", to: "a", caret: 0) == TextSplice(at: 0, delete: 1))
        #expect(TextSplice(from: "hello", to: "hao", caret: 2) == TextSplice(at: 1, delete: 3, insert: "a"))
        // A caret that does not fit the change is ignored.
        #expect(TextSplice(from: "ab", to: "abc", caret: 1) == TextSplice(at: 2, insert: "c"))
    }

    @Test("The splice never splits a surrogate pair, even where two emoji share a half")
    func surrogates() {
        // 😀 is D83D DE00 and 😃 is D83D DE03; 🀀 is D83C DC00 and 😀 D83D DE00.
        #expect(TextSplice(from: "x😀", to: "x😃") == TextSplice(at: 1, delete: 2, insert: "😃"))
        #expect(TextSplice(from: "\u{1F000}y", to: "\u{1F400}y") == TextSplice(at: 0, delete: 2, insert: "\u{1F400}"))
        #expect(TextSplice(from: "😀", to: "a😀", caret: 1) == TextSplice(at: 0, insert: "a"))
        #expect(TextSplice(from: "a😀", to: "a😀😀", caret: 3) == TextSplice(at: 1, insert: "😀"))
        // A caret inside a surrogate pair is no caret.
        #expect(TextSplice(from: "a😀", to: "a😀😀", caret: 2) == TextSplice(at: 3, insert: "😀"))
    }

    @Test("The difference keeps every character both texts hold in place")
    func difference() {
        let operation = TextOperation.difference(from: "abcdef", to: "aXcdYf")
        #expect(operation.components == [.retain(1), .insert("X"), .delete(1), .retain(2), .insert("Y"), .delete(1), .retain(1)])
        #expect(TextOperation.difference(from: "a😀b", to: "ab😀").applied(to: "a😀b") == "ab😀")
        #expect(TextOperation.difference(from: "same", to: "same").isNoop)
        #expect(TextOperation.difference(from: "", to: "🎉").components == [.insert("🎉")])
    }

    @Test("An edit rebased over the difference keeps its place among the characters both texts hold")
    func rebaseOverDifference() {
        let known = "one two three"
        let fresh = "ONE two 3"
        let edit = TextOperation(TextSplice(at: 7, insert: "!"), length: known.utf16Length)
        let difference = TextOperation.difference(from: known, to: fresh)
        let rebased = TextOperation.transform(edit, difference, tieBreak: .bFirst).0
        #expect(rebased.applied(to: fresh) == "ONE two! 3")
    }

    @Test("Past the edit limit the changed middle is replaced whole")
    func limit() {
        let old = String(repeating: "a", count: TextOperation.differenceEditLimit / 2 + 1)
        let new = String(repeating: "b", count: TextOperation.differenceEditLimit / 2 + 1)
        let operation = TextOperation.difference(from: "<" + old + ">", to: "<" + new + ">")
        #expect(operation.components == [.retain(1), .insert(new), .delete(old.utf16Length), .retain(1)])
    }
}
