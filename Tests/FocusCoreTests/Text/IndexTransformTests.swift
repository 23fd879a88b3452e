import FocusCore
import Testing

@Suite("Caret and selection transform")
struct IndexTransformTests {
    static let insertAt3 = TextOperation(TextSplice(at: 3, insert: "XY"), length: 6)
    static let deleteFrom1To4 = TextOperation(TextSplice(at: 1, delete: 3), length: 6)

    @Test("An index moves by what is inserted or deleted before it, not after it")
    func beforeAndAfter() {
        #expect(Self.insertAt3.transformIndex(5, bias: .before) == 7)
        #expect(Self.insertAt3.transformIndex(1, bias: .after) == 1)
        #expect(Self.deleteFrom1To4.transformIndex(5, bias: .after) == 2)
        #expect(Self.deleteFrom1To4.transformIndex(0, bias: .after) == 0)
    }

    @Test("Text inserted exactly at an index goes after it or before it, as the bias says")
    func bias() {
        #expect(Self.insertAt3.transformIndex(3, bias: .before) == 3)
        #expect(Self.insertAt3.transformIndex(3, bias: .after) == 5)
        let atEnd = TextOperation(TextSplice(at: 6, insert: "!"), length: 6)
        #expect(atEnd.transformIndex(6, bias: .after) == 7)
        #expect(atEnd.transformIndex(6, bias: .before) == 6)
    }

    @Test("An index inside a deleted range goes to its start, past any text that replaced it")
    func insideDelete() {
        #expect(Self.deleteFrom1To4.transformIndex(2, bias: .after) == 1)
        #expect(Self.deleteFrom1To4.transformIndex(4, bias: .before) == 1)
        let replace = TextOperation(TextSplice(at: 1, delete: 3, insert: "Z"), length: 6)
        #expect(replace.transformIndex(1, bias: .before) == 1)
        #expect(replace.transformIndex(1, bias: .after) == 2)
        #expect(replace.transformIndex(2, bias: .before) == 2)
    }

    @Test("A caret follows text typed at it: B's caret in an empty field ends after A's \"Ada\"")
    func caretFollowsTyping() {
        let typed = TextOperation(TextSplice(at: 0, insert: "Ada"), length: 0)
        #expect(TextSelection(caret: 0).transformed(by: typed) == TextSelection(caret: 3))
    }

    @Test("A selection keeps out text inserted at its edges, takes in text inserted inside, and collapses when deleted")
    func selection() {
        let selection = TextSelection(start: 1, end: 3)
        #expect(
            selection.transformed(by: TextOperation(TextSplice(at: 1, insert: "X"), length: 6)) == TextSelection(start: 2, end: 4)
        )
        #expect(
            selection.transformed(by: TextOperation(TextSplice(at: 3, insert: "X"), length: 6)) == TextSelection(start: 1, end: 3)
        )
        #expect(
            selection.transformed(by: TextOperation(TextSplice(at: 2, insert: "X"), length: 6)) == TextSelection(start: 1, end: 4)
        )
        #expect(
            selection.transformed(by: TextOperation(TextSplice(at: 0, delete: 4, insert: "QQ"), length: 6))
                == TextSelection(caret: 2))
    }
}
