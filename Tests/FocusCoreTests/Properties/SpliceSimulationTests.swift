import FocusCore
import Testing

/// Three pages and a server merging concurrent edits of one field, thousands of seeded runs.
@Suite("Splice simulation")
struct SpliceSimulationTests {
    @Test("Every page ends with the server's text; no typed character is lost, doubled or reordered")
    func converges() {
        var totals = SpliceSimulation.Report()
        var failed: [String] = []
        for (seed, (report, failures)) in SpliceSimulation.results.enumerated() {
            if let failure = failures.first { failed.append("seed \(seed): \(failure)") }
            totals.edits += report.edits
            totals.applied += report.applied
            totals.staleBase += report.staleBase
            totals.badSplice += report.badSplice
            totals.rateLimited += report.rateLimited
            totals.rejected += report.rejected
            totals.reconnects += report.reconnects
            totals.fellBehind += report.fellBehind
            totals.snapshots += report.snapshots
            totals.held += report.held
        }
        #expect(failed.isEmpty, "\(failed.count) runs failed: \(failed.prefix(3).joined(separator: "; "))")
        // The schedule visits every path many times.
        #expect(totals.applied > SpliceSimulation.runs * 10)
        #expect(totals.staleBase > SpliceSimulation.runs / 5)
        #expect(totals.badSplice > SpliceSimulation.runs / 10)
        #expect(totals.rateLimited > SpliceSimulation.runs / 2)
        #expect(totals.rejected > SpliceSimulation.runs / 10)
        #expect(totals.reconnects > SpliceSimulation.runs)
        #expect(totals.fellBehind > SpliceSimulation.runs)
        #expect(totals.snapshots > SpliceSimulation.runs * 2)
        #expect(totals.held > SpliceSimulation.runs / 5)
    }
}
