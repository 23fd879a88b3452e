import FocusCore
import Foundation
import Testing

/// The page's `text-ot.js` and `splice-client.js`, run by Node.js, against FocusCore.
@Suite("JavaScript agreement")
struct JavaScriptAgreementTests {
    static let cases = 3_000

    @Test("text-ot.js transforms, composes, splits, moves carets and diffs exactly as FocusCore does")
    func corpus() throws {
        var random = RandomEdits(seed: 0x0A9E)
        let cases = (0..<Self.cases).map { _ in AgreementCase(&random) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("text-ot-cases-\(UUID().uuidString).json")
        try JSONEncoder().encode(cases).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try NodeScript(name: "text-ot-agreement.mjs").run([file.path])
        let result = try JSONDecoder().decode(AgreementResult.self, from: output)
        #expect(result.checked == Self.cases)
        #expect(
            result.mismatches.isEmpty,
            "\(result.mismatches.count) disagreements, first: \(result.mismatches.prefix(3).joined(separator: "\n"))")
    }

    @Test("splice-client.js passes the Swift client's worked examples")
    func clientExamples() throws {
        let output = try NodeScript(name: "splice-client-examples.mjs").run([])
        let result = try JSONDecoder().decode([String: Int].self, from: output)
        #expect(result["passed"] == 12)
    }

    @Test("splice-client.js, through the same simulation with the same seeds, ends every run as SpliceClient does")
    func simulation() throws {
        let output = try NodeScript(name: "splice-simulation.mjs").run(["\(SpliceSimulation.runs)", "\(SpliceSimulation.steps)"])
        let result = try JSONDecoder().decode(SimulationResult.self, from: output)
        #expect(
            result.failures.isEmpty,
            "\(result.failures.count) runs failed in JavaScript, first: \(result.failures.prefix(3).joined(separator: "; "))")
        #expect(result.reports.count == SpliceSimulation.runs)
        let differing = zip(result.reports, SpliceSimulation.results).enumerated().filter { $0.element.0 != $0.element.1.report }
        #expect(
            differing.isEmpty,
            "\(differing.count) seeds end differently, first: seed \(differing.first.map { "\($0.offset): JavaScript \($0.element.0), Swift \($0.element.1.report)" } ?? "")"
        )
    }
}

/// What the agreement script reports.
private struct AgreementResult: Decodable {
    let checked: Int
    let mismatches: [String]
}

private struct SimulationResult: Decodable {
    let reports: [SpliceSimulation.Report]
    let failures: [String]
}

/// One random case with FocusCore's answers, in the JSON `Tests/js/text-ot-agreement.mjs` reads.
private struct AgreementCase: Encodable {
    struct Expected: Encodable {
        let applied: String
        let aPrime: OperationJSON
        let bPrime: OperationJSON
        let composed: OperationJSON
        let inverted: OperationJSON
        let splices: [TextSplice]
        let fromSplices: OperationJSON
        let splicesApplied: String
        let index: Int
        let selection: SelectionJSON
        let fits: Bool
        let difference: OperationJSON
        let spliceBetween: TextSplice
        let tieBreak: String
    }

    static let members = ["m1", "m10", "m2", "m9", "a", "Z", "é", "😀", "\u{E000}"]

    let text: String
    let a: OperationJSON
    let b: OperationJSON
    let tie: String
    let next: OperationJSON
    let index: Int
    let bias: String
    let selection: SelectionJSON
    let old: String
    let new: String
    let caret: Int?
    let members: [String]
    let expected: Expected

    init(_ random: inout RandomEdits) {
        text = random.text(most: 10)
        let a = random.operation(on: text)
        let b = random.operation(on: text)
        let tie: TieBreak = random.chance(50) ? .aFirst : .bFirst
        let next = random.operation(on: a.applied(to: text))
        let boundaries = RandomEdits.boundaries(of: text)
        index = boundaries[random.below(boundaries.count)]
        let bias: IndexBias = random.chance(50) ? .before : .after
        let ends = [boundaries[random.below(boundaries.count)], boundaries[random.below(boundaries.count)]].sorted()
        let selection = TextSelection(start: ends[0], end: ends[1])
        old = random.text(most: 8)
        new = random.chance(50) ? random.text(most: 8) : random.operation(on: old).applied(to: old)
        let newBoundaries = RandomEdits.boundaries(of: new)
        caret =
            random.chance(30)
            ? nil : random.chance(80) ? newBoundaries[random.below(newBoundaries.count)] : random.below(new.utf16Length + 1)
        members = [Self.members[random.below(Self.members.count)], Self.members[random.below(Self.members.count)]]

        let (aPrime, bPrime) = TextOperation.transform(a, b, tieBreak: tie)
        let splices = a.splices
        self.a = OperationJSON(a)
        self.b = OperationJSON(b)
        self.tie = tie == .aFirst ? "aFirst" : "bFirst"
        self.next = OperationJSON(next)
        self.bias = bias == .before ? "before" : "after"
        self.selection = SelectionJSON(selection)
        expected = Expected(
            applied: a.applied(to: text),
            aPrime: OperationJSON(aPrime),
            bPrime: OperationJSON(bPrime),
            composed: OperationJSON(a.composed(with: next)),
            inverted: OperationJSON(a.inverted(on: text)),
            splices: splices,
            fromSplices: OperationJSON(TextOperation(splices: splices, length: text.utf16Length)),
            splicesApplied: splices.reduce(text) { $1.applied(to: $0) },
            index: a.transformIndex(index, bias: bias),
            selection: SelectionJSON(selection.transformed(by: a)),
            fits: a.fits(text) && aPrime.fits(b.applied(to: text)),
            difference: OperationJSON(TextOperation.difference(from: old, to: new)),
            spliceBetween: TextSplice(from: old, to: new, caret: caret),
            tieBreak: TieBreak(member: members[0], appliedBy: members[1]) == .aFirst ? "aFirst" : "bFirst"
        )
    }
}

/// An operation in ot.js's JSON form, which `text-ot.js` keeps: `[3, "X", -1]` is retain 3,
/// insert "X", delete 1.
private struct OperationJSON: Encodable {
    let operation: TextOperation

    init(_ operation: TextOperation) {
        self.operation = operation
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for component in operation.components {
            switch component {
            case .retain(let count): try container.encode(count)
            case .insert(let text): try container.encode(text)
            case .delete(let count): try container.encode(-count)
            }
        }
    }
}

private struct SelectionJSON: Encodable {
    let start: Int
    let end: Int

    init(_ selection: TextSelection) {
        start = selection.start
        end = selection.end
    }
}
