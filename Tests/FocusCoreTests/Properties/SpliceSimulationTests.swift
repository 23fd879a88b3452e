import FocusCore
import Testing

/// Three pages and a server merging concurrent edits of one field, thousands of seeded runs.
@Suite("Splice simulation")
struct SpliceSimulationTests {
    static let runs = 1_500
    static let steps = 160

    @Test("Every page ends with the server's text; no typed character is lost, doubled or reordered")
    func converges() {
        var totals = SpliceSimulation.Report()
        var failed: [String] = []
        for seed in 0..<UInt64(Self.runs) {
            let (report, failures) = SpliceSimulation.run(seed: seed, steps: Self.steps)
            if let failure = failures.first { failed.append("seed \(seed): \(failure)") }
            totals.edits += report.edits
            totals.applied += report.applied
            totals.staleBase += report.staleBase
            totals.badSplice += report.badSplice
            totals.rateLimited += report.rateLimited
            totals.reconnects += report.reconnects
            totals.recoveries += report.recoveries
        }
        #expect(failed.isEmpty, "\(failed.count) runs failed: \(failed.prefix(3).joined(separator: "; "))")
        // The schedule visits every path many times.
        #expect(totals.applied > Self.runs * 10)
        #expect(totals.staleBase > Self.runs / 5)
        #expect(totals.badSplice > Self.runs / 10)
        #expect(totals.rateLimited > Self.runs / 2)
        #expect(totals.reconnects > Self.runs)
        #expect(totals.recoveries > Self.runs / 2)
    }
}
