import Testing

@testable import SQLiteStorage

/// When a fold is due and what one step moves (``FoldPlan``), as plain arithmetic.
@Suite("Storage change log: fold steps planned")
struct FoldPlanTests {
    let plan = FoldPlan(changesPerFold: 2_000, rowsPerStep: 160, sessionsPerStep: 32)

    @Test func aRoundStartsAtTheThresholdAndGoesOnUntilAQuarterIsLeft() {
        #expect(!plan.isDue(waiting: 1_999, inRound: false))
        #expect(plan.isDue(waiting: 2_000, inRound: false))
        #expect(plan.isDue(waiting: 500, inRound: true))
        #expect(!plan.isDue(waiting: 499, inRound: true))
        let tiny = FoldPlan(changesPerFold: 3, rowsPerStep: 1, sessionsPerStep: 1)
        #expect(!tiny.isDue(waiting: 0, inRound: true), "a round ends when nothing waits")
    }

    @Test func aStepMovesTheBusiestWholeSessionsThatFit() {
        // 100 equal sessions of 20: eight a step, in name order.
        let equal = Dictionary(uniqueKeysWithValues: (100..<200).map { ("s\($0)", 20) })
        #expect(plan.step(waiting: equal) == (100..<108).map { "s\($0)" })
        // The busiest first; one that does not fit is passed over for smaller ones.
        #expect(plan.step(waiting: ["a": 100, "b": 90, "c": 50, "d": 10, "e": 0]) == ["a", "c", "d"])
    }

    @Test func aSessionOverTheStepMovesAloneAndWhole() {
        #expect(plan.step(waiting: ["quiet": 3, "busy": 1_900]) == ["busy"])
        #expect(plan.step(waiting: [:]).isEmpty)
    }

    @Test func aStepMovesAtMostItsSessions() {
        let many = Dictionary(uniqueKeysWithValues: (0..<100).map { ("s\($0)", 1) })
        #expect(plan.step(waiting: many).count == 32)
    }

    @Test func everyRoundEndsAndMovesEachSessionOnce() {
        var waiting = Dictionary(uniqueKeysWithValues: (0..<100).map { ("s\($0)", 20 + $0 % 7) })
        var moved: [String] = []
        var inRound = false
        var steps = 0
        while plan.isDue(waiting: waiting.values.reduce(0, +), inRound: inRound) {
            let step = plan.step(waiting: waiting)
            #expect(!step.isEmpty && step.reduce(0) { $0 + waiting[$1, default: 0] } <= plan.rowsPerStep)
            moved += step
            for session in step { waiting[session] = nil }
            inRound = true
            steps += 1
        }
        #expect(Set(moved).count == moved.count)
        #expect(waiting.values.reduce(0, +) < 500 && steps >= 10)
    }
}
