import FocusCore
import Testing

@Suite("Text operations")
struct TextOperationTests {
    @Test("Components are canonical: no empties, runs merged, an insert before a delete at one offset")
    func canonicalForm() {
        var operation = TextOperation()
        operation.retain(0)
        operation.retain(2)
        operation.retain(1)
        operation.delete(1)
        operation.insert("a")
        operation.delete(1)
        operation.insert("b")
        operation.insert("")
        operation.retain(2)
        #expect(operation.components == [.retain(3), .insert("ab"), .delete(2), .retain(2)])
        #expect(operation.baseLength == 7)
        #expect(operation.targetLength == 7)
    }

    @Test("A splice is retain(at) insert delete retain(rest)")
    func fromSplice() {
        #expect(TextOperation(TextSplice(at: 3, insert: " L"), length: 3).components == [.retain(3), .insert(" L")])
        #expect(
            TextOperation(TextSplice(at: 1, delete: 2, insert: "X"), length: 5).components
                == [.retain(1), .insert("X"), .delete(2), .retain(2)])
        #expect(TextOperation(TextSplice(at: 0), length: 4).isNoop)
    }

    @Test("An operation turns into the fewest splices, each at an offset in the text the ones before made")
    func toSplices() {
        var operation = TextOperation()
        operation.retain(1)
        operation.delete(2)
        operation.retain(1)
        operation.insert("XY")
        operation.retain(1)
        operation.insert("Z")
        operation.delete(1)
        // "abcdef" → "a" "d" "XY" "e" "Z"
        #expect(
            operation.splices == [
                TextSplice(at: 1, delete: 2), TextSplice(at: 2, insert: "XY"), TextSplice(at: 5, delete: 1, insert: "Z"),
            ])
        #expect(operation.applied(to: "abcdef") == "adXYeZ")
        #expect(TextOperation(splices: operation.splices, length: 6) == operation)
        #expect(TextOperation(identityOf: 4).splices.isEmpty)
    }

    @Test("Applying keeps astral characters whole, in one splice or several")
    func applyAstral() {
        let one = TextOperation(TextSplice(at: 3, delete: 1, insert: "🎉"), length: 7)
        #expect(one.applied(to: "a😀b😀c") == "a😀🎉😀c")
        var several = TextOperation()
        several.delete(2)
        several.retain(1)
        several.insert("é")
        several.retain(2)
        several.delete(1)
        #expect(several.applied(to: "😀b😀c") == "bé😀")
    }

    @Test("An operation fits a text of its base length whose surrogate pairs it leaves whole")
    func fits() {
        #expect(TextOperation(TextSplice(at: 1, insert: "x"), length: 4).fits("a😀b"))
        #expect(!TextOperation(TextSplice(at: 2, insert: "x"), length: 4).fits("a😀b"))
        #expect(!TextOperation(TextSplice(at: 1, delete: 1), length: 4).fits("a😀b"))
        #expect(!TextOperation(TextSplice(at: 1, insert: "x"), length: 3).fits("a😀b"))
    }

    @Test("The inverse puts back what was deleted and takes out what was inserted")
    func invert() {
        let operation = TextOperation(TextSplice(at: 1, delete: 3, insert: "a"), length: 5)
        let inverse = operation.inverted(on: "Hello")
        #expect(inverse.components == [.retain(1), .insert("ell"), .delete(1), .retain(1)])
        #expect(inverse.applied(to: "Hao") == "Hello")
        #expect(TextOperation(TextSplice(at: 1, delete: 2), length: 4).inverted(on: "a😀b").applied(to: "ab") == "a😀b")
    }

    @Test("Composing typed keystrokes makes one insert; typing then deleting it makes nothing")
    func compose() {
        let first = TextOperation(TextSplice(at: 3, insert: " L"), length: 3)
        let second = TextOperation(TextSplice(at: 5, insert: "ovelace"), length: 5)
        #expect(first.composed(with: second).components == [.retain(3), .insert(" Lovelace")])
        let undo = TextOperation(TextSplice(at: 3, delete: 2), length: 5)
        #expect(first.composed(with: undo).isNoop)
        let replaceInside = TextOperation(TextSplice(at: 4, delete: 1, insert: "😀"), length: 5)
        #expect(first.composed(with: replaceInside).components == [.retain(3), .insert(" 😀")])
    }
}
