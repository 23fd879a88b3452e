/// The rows of `recent_changes` as the writer knows them, and the next step of a fold: plain
/// values, no database.
///
/// A row is waiting until a step copies its session's rows into `changes`, then copied until a
/// later step deletes it from `recent_changes`: copying a few sessions writes only the last pages
/// of their logs, and deleting the oldest rows frees whole pages, where deleting a few sessions'
/// rows from a table in commit order rewrote nearly every page of it at every step. Until then a
/// copied row is in both tables; readers take a session's recent rows only above its highest
/// folded revision.
struct RecentRows: Equatable {
    /// A row of `recent_changes`: its `seq` and revision.
    struct Row: Equatable {
        let seq: Int64
        let revision: Int64
    }

    /// What one step of a fold does, in a transaction of its own.
    enum Step: Equatable {
        /// Copy these sessions' waiting rows (`seqs`) into `changes`.
        case copy(sessions: [String], seqs: [Int64])
        /// Delete these copied rows from `recent_changes`.
        case delete(seqs: [Int64])
    }

    private(set) var waiting: [String: [Row]] = [:]
    /// How many rows wait, over every session.
    private(set) var waitingCount = 0
    /// Copied rows still in `recent_changes`, oldest first.
    private(set) var copied: [Int64] = []
    /// Whether the last copy left its round unfinished.
    private(set) var inRound = false
    /// How many copied rows a delete step takes: an eighth of what the round copied (at least
    /// ``FoldPlan/rowsPerStep``), so that the deletes keep up with copies of any size.
    private(set) var deleteChunk = 0

    mutating func append(_ session: String, _ row: Row) {
        waiting[session, default: []].append(row)
        waitingCount += 1
    }

    /// The session's rows up to `revision` were deleted (a snapshot covers them).
    mutating func prune(_ session: String, through revision: Int64) {
        guard let rows = waiting[session] else { return }
        let kept = rows.filter { $0.revision > revision }
        waitingCount -= rows.count - kept.count
        waiting[session] = kept.isEmpty ? nil : kept
    }

    /// The session was deleted, its rows with it.
    mutating func forget(_ session: String) {
        waitingCount -= waiting.removeValue(forKey: session)?.count ?? 0
    }

    /// Whether a step is due: a copy by `plan`, or copied rows to delete.
    func isDue(_ plan: FoldPlan) -> Bool {
        copyIsDue(plan) || !copied.isEmpty
    }

    /// A round starts once the last one's copies are deleted, and copies while `plan` says it
    /// goes on, up to twice ``FoldPlan/changesPerFold`` rows.
    private func copyIsDue(_ plan: FoldPlan) -> Bool {
        guard copied.isEmpty || (inRound && copied.count < 2 * plan.changesPerFold) else { return false }
        return plan.isDue(waiting: waitingCount, inRound: inRound)
    }

    /// The next step: copies while a round goes on, then deletes of the copied rows, the oldest
    /// first (a delete of old rows frees whole pages).
    func nextStep(_ plan: FoldPlan) -> Step? {
        if copyIsDue(plan) {
            let sessions = plan.step(waiting: waiting.mapValues(\.count))
            if !sessions.isEmpty {
                return .copy(sessions: sessions, seqs: sessions.flatMap { waiting[$0, default: []].map(\.seq) })
            }
        }
        guard !copied.isEmpty else { return nil }
        return .delete(seqs: Array(copied.prefix(deleteChunk)))
    }

    /// `step` committed.
    mutating func apply(_ step: Step, _ plan: FoldPlan) {
        switch step {
        case .copy(let sessions, let seqs):
            for session in sessions { forget(session) }
            copied = (copied + seqs).sorted()
            inRound = plan.isDue(waiting: waitingCount, inRound: true)
            deleteChunk = max(plan.rowsPerStep, (copied.count + 7) / 8)
        case .delete(let seqs):
            let deleted = Set(seqs)
            copied.removeAll { deleted.contains($0) }
        }
    }
}
