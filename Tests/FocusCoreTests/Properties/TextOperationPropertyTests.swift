import FocusCore
import Testing

/// The laws every operation obeys, on thousands of seeded random texts and edits.
@Suite("Text operation laws")
struct TextOperationPropertyTests {
    static let runs = 3_000

    @Test(
        "Transform: both orders make one text and one composed operation (TP1), keep every insert, and keep surrogate pairs whole"
    )
    func transformConverges() {
        var random = RandomEdits(seed: 0x7F1)
        for run in 0..<Self.runs {
            let text = random.text(most: 12)
            let a = random.operation(on: text)
            let b = random.operation(on: text)
            let tieBreak: TieBreak = random.chance(50) ? .aFirst : .bFirst
            let (aPrime, bPrime) = TextOperation.transform(a, b, tieBreak: tieBreak)
            let afterB = b.applied(to: text)
            let afterA = a.applied(to: text)
            #expect(aPrime.fits(afterB) && bPrime.fits(afterA), "run \(run): \(a) / \(b) on \(text)")
            #expect(aPrime.applied(to: afterB) == bPrime.applied(to: afterA), "run \(run): \(a) / \(b) on \(text)")
            #expect(b.composed(with: aPrime) == a.composed(with: bPrime), "run \(run)")
            #expect(inserted(aPrime) == inserted(a) && inserted(bPrime) == inserted(b), "run \(run)")
        }
    }

    @Test("Compose: one composed operation does what the two do one after the other; an inverse undoes")
    func composeApplies() {
        var random = RandomEdits(seed: 0xC0)
        for run in 0..<Self.runs {
            let text = random.text(most: 12)
            let a = random.operation(on: text)
            let middle = a.applied(to: text)
            let b = random.operation(on: middle)
            #expect(a.composed(with: b).applied(to: text) == b.applied(to: middle), "run \(run): \(a) then \(b) on \(text)")
            #expect(a.inverted(on: text).applied(to: middle) == text, "run \(run): \(a) undone on \(middle)")
        }
    }

    @Test("Splices: an operation's splices, applied in order, are the operation, and make it back")
    func splicesRoundTrip() {
        var random = RandomEdits(seed: 0x5)
        for run in 0..<Self.runs {
            let text = random.text(most: 12)
            let operation = random.operation(on: text)
            let splices = operation.splices
            #expect(splices.reduce(text) { $1.applied(to: $0) } == operation.applied(to: text), "run \(run)")
            #expect(TextOperation(splices: splices, length: text.utf16Length) == operation, "run \(run)")
            #expect(
                zip(splices, splices.dropFirst()).allSatisfy { $0.at + $0.insert.utf16Length < $1.at },
                "run \(run): splices are in order and apart")
        }
    }

    @Test("Index transform: every code unit an operation keeps is found where its index moves")
    func indexFollowsText() {
        var random = RandomEdits(seed: 0x1D)
        for run in 0..<Self.runs {
            let text = random.text(most: 12)
            let operation = random.operation(on: text)
            let before = Array(text.utf16)
            let after = Array(operation.applied(to: text).utf16)
            var offset = 0
            for component in operation.components {
                switch component {
                case .retain(let count):
                    for index in offset..<(offset + count) {
                        #expect(
                            after[operation.transformIndex(index, bias: .after)] == before[index],
                            "run \(run): \(operation) on \(text) at \(index)")
                    }
                    offset += count
                case .delete(let count): offset += count
                case .insert: break
                }
            }
            #expect(operation.transformIndex(before.count, bias: .after) == after.count, "run \(run): the end stays the end")
        }
    }

    @Test("Difference: the operation between two texts turns one into the other")
    func differenceApplies() {
        var random = RandomEdits(seed: 0xD1FF)
        for run in 0..<Self.runs {
            let old = random.text(most: 12)
            let new = random.chance(50) ? random.text(most: 12) : random.operation(on: old).applied(to: old)
            let difference = TextOperation.difference(from: old, to: new)
            #expect(difference.fits(old) && difference.applied(to: old) == new, "run \(run): \(old) → \(new)")
            let caret = RandomEdits.boundaries(of: new)[random.below(RandomEdits.boundaries(of: new).count)]
            #expect(TextSplice(from: old, to: new, caret: random.chance(50) ? caret : nil).applied(to: old) == new, "run \(run)")
        }
    }

    @Test("Difference: the splice between two texts keeps every whole character of their common start and end")
    func spliceKeepsCommonEnds() {
        var random = RandomEdits(seed: 0x5EED)
        for run in 0..<Self.runs {
            let old = random.text(most: 12)
            let new = random.chance(50) ? random.text(most: 12) : random.splice(on: old).applied(to: old)
            // Counted in characters (Unicode scalars), as the splice must not split one.
            let before = Array(old.unicodeScalars)
            let after = Array(new.unicodeScalars)
            let limit = min(before.count, after.count)
            let prefix = zip(before, after).prefix { $0 == $1 }.count
            let suffix = zip(before.reversed(), after.reversed()).prefix(limit - prefix).prefix { $0 == $1 }.count
            let units = { (scalars: ArraySlice<Unicode.Scalar>) in scalars.reduce(0) { $0 + $1.utf16.count } }
            let expected = TextSplice(
                at: units(before[..<prefix]),
                delete: units(before[prefix..<(before.count - suffix)]),
                insert: String(String.UnicodeScalarView(after[prefix..<(after.count - suffix)])))
            #expect(TextSplice(from: old, to: new) == expected, "run \(run): \(old) → \(new)")
        }
    }

    private func inserted(_ operation: TextOperation) -> String {
        operation.components.reduce(into: "") { if case .insert(let text) = $1 { $0 += text } }
    }
}
