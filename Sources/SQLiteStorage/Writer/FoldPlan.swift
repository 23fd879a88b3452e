/// When the change log folds `recent_changes` into `changes`, and which sessions one step of a
/// fold copies: plain arithmetic on how many changes wait per session, no database.
///
/// A fold moves a few thousand changes; done in one transaction it held the writer's turn, and
/// every commit (and every delivery waiting for one) behind it, for milliseconds. So a fold is
/// a round of steps, each a transaction of its own that copies a few whole sessions, the
/// busiest first, up to ``rowsPerStep`` changes (``RecentRows``); the turn goes back between
/// steps, so a commit waits for one step at most. A round starts once ``changesPerFold``
/// changes wait and ends when fewer than a quarter of that are left: the quietest sessions wait
/// for the next round, when they fill more of a page.
struct FoldPlan: Equatable {
    /// How many waiting changes start a round.
    let changesPerFold: Int
    /// The most changes a step moves, unless its busiest session alone holds more (a session
    /// is moved whole, so that its log in `changes` stays in revision order).
    let rowsPerStep: Int
    /// The most sessions a step moves.
    let sessionsPerStep: Int

    init(changesPerFold: Int, rowsPerStep: Int, sessionsPerStep: Int = 32) {
        self.changesPerFold = max(1, changesPerFold)
        self.rowsPerStep = max(1, rowsPerStep)
        self.sessionsPerStep = max(1, sessionsPerStep)
    }

    /// Whether a step is due with `rows` changes waiting, `inRound` when the last step left
    /// its round unfinished.
    func isDue(waiting rows: Int, inRound: Bool) -> Bool {
        rows >= changesPerFold || (inRound && rows >= endOfRound && rows > 0)
    }

    /// Fewer waiting changes than this end a round.
    var endOfRound: Int { changesPerFold / 4 }

    /// The sessions the next step moves: the busiest first, as many as fit in ``rowsPerStep``
    /// and ``sessionsPerStep`` (at least one); equal counts in name order, so that a step is
    /// the same for the same backlog.
    func step(waiting: [String: Int]) -> [String] {
        let busiest = waiting.filter { $0.value > 0 }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        var chosen: [String] = []
        var rows = 0
        for (session, count) in busiest {
            guard chosen.count < sessionsPerStep else { break }
            if !chosen.isEmpty, rows + count > rowsPerStep { continue }
            chosen.append(session)
            rows += count
        }
        return chosen
    }
}
