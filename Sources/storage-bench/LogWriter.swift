import Dispatch
import Locking
import SQLiteStorage

/// Writes the benchmark's log as a server would: one submission per applied change, the sessions
/// taking turns, and a snapshot with every `snapshotEvery`-th change. At most `window`
/// submissions wait for their commit, so the writer is measured at its sustained rate.
struct LogWriter {
    let options: StorageBenchOptions
    let window = 20_000

    /// Returns the transactions the writer used.
    func write(into store: SQLiteStore) throws(StorageError) -> Int {
        let room = DispatchSemaphore(value: window)
        let reported = Locked((through: UInt64(0), firstFailure: StorageError?.none))
        let writer = try store.startWriter { through, outcome in
            let covered = reported.withLock { reported in
                defer { reported.through = through.number }
                if case .failure(let error) = outcome, reported.firstFailure == nil { reported.firstFailure = error }
                return through.number - reported.through
            }
            for _ in 0..<covered { room.signal() }
        }
        for session in 0..<options.sessions {
            room.wait()
            writer.submit([
                .upsertSession(id: Self.id(session), meta: Array("{\"createdAt\":1700000000000}".utf8)),
                .upsertMember(
                    session: Self.id(session), client: "client-\(session)", body: Array("{\"name\":\"Ada\",\"seq\":0}".utf8)),
            ])
        }
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: options.bodyBytes)
        let snapshot = [UInt8](repeating: UInt8(ascii: "s"), count: options.snapshotBytes)
        for revision in 1...Int64(options.changesPerSession) {
            for session in 0..<options.sessions {
                var writes: [StorageWrite] = [
                    .append(
                        StoredChange(session: Self.id(session), revision: revision, at: 1_700_000_000_000 + revision, body: body))
                ]
                if revision % Int64(options.snapshotEvery) == 0 {
                    writes.append(
                        .snapshot(session: Self.id(session), snapshot: StoredSnapshot(revision: revision, body: snapshot)))
                }
                room.wait()
                writer.submit(writes)
            }
        }
        writer.close()
        if let error = reported.withLock({ $0.firstFailure }) { throw error }
        return writer.commitCount
    }

    /// Session ids as long as the server's (22 characters).
    static func id(_ index: Int) -> String {
        let digits = String(index)
        return "session-" + String(repeating: "0", count: max(0, 14 - digits.count)) + digits
    }
}
