import FocusCore
import FocusProtocol
import SwiftUISource
import Testing

@testable import Sessions

/// A program timer whose work the session stops (past the step budget): the host hears of it as
/// a fault, what the work did is undone, and the timer is gone, live and after a restore.
@Suite("A program timer whose work stops")
struct ProgramTimerFaultTests {
    static let source = """
        import SwiftUI

        struct LateLoop: View {
            @State private var count = 0
            @State private var name = ""

            var body: some View {
                Form {
                    TextField("Name", text: $name)
                    Text("\\(count)")
                }
                .task {
                    try? await Task.sleep(for: .milliseconds(500))
                    for step in 0..<1_000_000_000 {
                        count = step
                    }
                }
            }
        }
        """

    @Test("The fault is an output, the count stays 0, and no timer is pending live or restored")
    func aStoppedTimerIsReportedAndForgotten() throws {
        var harness = Harness(compile: SourceCompilation.compile, source: Self.source)
        let start = harness.machine.durableState()
        harness.join(1)
        #expect(harness.machine.durableState().run?.pendingTimers.count == 1, "the task sleeps")
        let logged = harness.log.count
        harness.advance(by: 600)
        let faults = harness.log[logged...].compactMap { if case .fault(let fault) = $0 { fault } else { nil } }
        #expect(faults.count == 1)
        guard case .timerStopped? = faults.first else {
            Issue.record("expected a timerStopped fault, got \(faults)")
            return
        }
        #expect(harness.machine.durableState().run?.pendingTimers == [], "the timer that fired is gone")
        let stateValues = harness.machine.sessionSnapshot().program.drawn.stateValues
        #expect(stateValues.first { $0.name == "count" }?.value == "0", "what the loop did is undone")

        let records = harness.log.compactMap { if case .persist(.change(let change)) = $0 { change } else { nil } }
        var restored = try SourceChangeStepPropertyTests.restored(
            from: start, replaying: records, seen: [:], now: harness.now)
        #expect(Observed(restored) == Observed(harness.machine))
        var rescheduled: [SessionOutput] = []
        restored.rescheduleTimers(into: &rescheduled)
        #expect(rescheduled.isEmpty, "a restored session does not start the timer again: \(rescheduled)")
    }
}
