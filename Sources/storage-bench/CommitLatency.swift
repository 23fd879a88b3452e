import Dispatch
import SQLiteStorage

/// The time from `submit` to `onCommit` for one change at a time, as a server's update waits for
/// it: every commit alone, so this is the latency a lone intent pays, not the throughput.
struct CommitLatency {
    let commits = 2000

    /// Microseconds at the 50th, 90th and 99th percentile, and the largest.
    func measure(on store: SQLiteStore, bodyBytes: Int) throws(StorageError) -> [(String, Int)] {
        let committed = DispatchSemaphore(value: 0)
        let writer = try store.startWriter { _, _ in committed.signal() }
        defer { writer.close() }
        let session = "commit-latency"
        writer.submit([.deleteSession(id: session), .upsertSession(id: session, meta: [])])
        committed.wait()
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: bodyBytes)
        var microseconds: [Int] = []
        for revision in 1...Int64(commits) {
            let start = ContinuousClock.now
            writer.submit([.append(StoredChange(session: session, revision: revision, at: revision, body: body))])
            committed.wait()
            let elapsed = (ContinuousClock.now - start).components
            microseconds.append(Int(elapsed.seconds * 1_000_000 + elapsed.attoseconds / 1_000_000_000_000))
        }
        if let failure = writer.lastFailure { throw failure }
        writer.submit([.deleteSession(id: session)])
        microseconds.sort()
        return [("p50", 50), ("p90", 90), ("p99", 99)].map { ($0.0, microseconds[microseconds.count * $0.1 / 100]) }
            + [("max", microseconds.last ?? 0)]
    }
}
