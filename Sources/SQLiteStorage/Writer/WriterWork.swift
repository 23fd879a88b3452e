/// What the writer thread takes on in one go: the pending backlog and submissions (or a fold
/// alone) with the turn to commit, and a checkpoint, which needs no turn.
struct WriterWork {
    var pending: [PendingBacklog.Entry] = []
    var submissions: [Submission] = []
    var growthLimit: Int64??
    var holdsTurn = false
    var checkpoint = false
}
