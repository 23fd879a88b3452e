import Testing

@testable import SQLiteStorage

/// What the writer knows of `recent_changes` and the fold steps it takes from it
/// (``RecentRows``), as plain values.
@Suite("Storage change log: fold steps copy, then delete")
struct RecentRowsTests {
    private static func rows(_ sessions: [(String, [Int64])]) -> RecentRows {
        var rows = RecentRows()
        for (session, seqs) in sessions {
            for seq in seqs { rows.append(session, RecentRows.Row(seq: seq, revision: seq * 10)) }
        }
        return rows
    }

    @Test func aRoundCopiesWholeSessionsThenDeletesTheOldestRows() {
        let plan = FoldPlan(changesPerFold: 4, rowsPerStep: 3)
        var rows = Self.rows([("a", [1, 3, 5]), ("b", [2, 4, 6])])
        var steps: [RecentRows.Step] = []
        while let step = rows.nextStep(plan) {
            steps.append(step)
            rows.apply(step, plan)
        }
        #expect(
            steps == [
                .copy(sessions: ["a"], seqs: [1, 3, 5]), .copy(sessions: ["b"], seqs: [2, 4, 6]),
                .delete(seqs: [1, 2, 3]), .delete(seqs: [4, 5, 6]),
            ])
        #expect(rows.waitingCount == 0 && rows.copied.isEmpty && !rows.isDue(plan))
    }

    @Test func aNewRoundWaitsUntilTheLastOnesCopiesAreDeleted() {
        let plan = FoldPlan(changesPerFold: 2, rowsPerStep: 1)
        var rows = Self.rows([("a", [1, 2])])
        let copy = rows.nextStep(plan)
        #expect(copy == .copy(sessions: ["a"], seqs: [1, 2]))
        if let copy { rows.apply(copy, plan) }
        rows.append("b", RecentRows.Row(seq: 3, revision: 1))
        rows.append("b", RecentRows.Row(seq: 4, revision: 2))
        #expect(rows.nextStep(plan) == .delete(seqs: [1]))
    }

    @Test func prunedAndDeletedSessionsLeaveNothingToCopy() {
        let plan = FoldPlan(changesPerFold: 3, rowsPerStep: 10)
        var rows = Self.rows([("a", [1, 2, 3]), ("b", [4])])
        rows.prune("a", through: 20)
        #expect(rows.waitingCount == 2 && rows.waiting["a"] == [RecentRows.Row(seq: 3, revision: 30)])
        #expect(rows.nextStep(plan) == nil)
        rows.forget("b")
        rows.append("a", RecentRows.Row(seq: 5, revision: 50))
        rows.append("a", RecentRows.Row(seq: 6, revision: 60))
        #expect(rows.nextStep(plan) == .copy(sessions: ["a"], seqs: [3, 5, 6]))
    }

    /// One session written faster than steps are taken: each copy takes all of it, and the
    /// deletes keep up, so the table does not grow without end.
    @Test func theBacklogStaysBoundedUnderAHotSession() {
        let plan = FoldPlan(changesPerFold: 2_000, rowsPerStep: 160)
        var rows = RecentRows()
        var seq: Int64 = 0
        var largest = 0
        for _ in 0..<5_000 {
            for _ in 0..<700 {
                seq += 1
                rows.append("hot", RecentRows.Row(seq: seq, revision: seq))
            }
            if let step = rows.nextStep(plan) { rows.apply(step, plan) }
            largest = max(largest, rows.waitingCount + rows.copied.count)
        }
        #expect(largest < 20_000)
    }
}
