import CommandLineParsing
import Foundation
import SQLiteStorage

/// `storage-bench`: writes sessions × changes through a StorageWriter, then measures what a
/// restart pays (opening with its integrity check, loadAll, reading every change), what one
/// commit costs a lone change, and the bytes on disk. Progress goes to standard error, the
/// figures to standard output.
let options: StorageBenchOptions
do {
    switch try StorageBenchOptions.syntax.parse(Array(CommandLine.arguments.dropFirst()), startingFrom: StorageBenchOptions()) {
    case .help, .version:
        print(StorageBenchOptions.syntax.help())
        exit(0)
    case .run(let parsed):
        options = parsed
    }
} catch {
    FileHandle.standardError.write(Data((StorageBenchOptions.syntax.errorText(error) + "\n").utf8))
    exit(CommandLineSyntax<StorageBenchOptions>.usageErrorExitCode)
}

func progress(_ line: String) {
    FileHandle.standardError.write(Data("storage-bench: \(line)\n".utf8))
}

/// Runs `body` and returns its result with the time it took.
func timed<Result>(_ body: () throws(StorageError) -> Result) throws(StorageError) -> (Result, seconds: Double) {
    let start = ContinuousClock.now
    let result = try body()
    let elapsed = (ContinuousClock.now - start).components
    return (result, Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
}

func formatted(_ seconds: Double) -> String {
    String(format: "%.3f s", seconds)
}

let folder = options.folder ?? NSTemporaryDirectory() + "storage-bench-\(getpid())"
defer { if options.folder == nil { try? FileManager.default.removeItem(atPath: folder) } }
var storeOptions = StoreOptions()
storeOptions.durability = options.durability

do throws(StorageError) {
    let writing = try SQLiteStore.open(directory: folder, options: storeOptions)
    if try writing.loadAll().isEmpty {
        let total = options.sessions * options.changesPerSession
        progress(
            "writing \(options.sessions) sessions × \(options.changesPerSession) changes of \(options.bodyBytes) bytes into \(folder)"
        )
        let (transactions, elapsed) = try timed { () throws(StorageError) in try LogWriter(options: options).write(into: writing)
        }
        print(
            "write: \(total) changes in \(formatted(elapsed)), \(Int(Double(total) / elapsed)) changes/s, \(transactions) transactions"
        )
    } else {
        progress("\(folder) holds sessions already: measuring them as they are")
    }
    writing.close()
    // Measured now: the commit-latency phase below writes (and deletes) a session of its own.
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let bytes = files.filter { $0.hasPrefix(SQLiteStore.fileName) }.reduce(0) { total, name in
        total + ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
    }

    let (store, opening) = try timed { () throws(StorageError) in try SQLiteStore.open(directory: folder, options: storeOptions) }
    print("open, integrity check \(store.integrityCheck): \(formatted(opening))")
    let (sessions, loading) = try timed { () throws(StorageError) in try store.loadAll() }
    let tail = sessions.reduce(0) { $0 + $1.changes.count }
    let snapshots = sessions.filter { $0.snapshot != nil }.count
    print("loadAll: \(sessions.count) sessions, \(snapshots) snapshots, \(tail) changes after them: \(formatted(loading))")
    let (everyChange, reading) = try timed { () throws(StorageError) in
        var count = 0
        for session in sessions {
            count += try store.changes(session: session.id, from: 0, through: .max).count
        }
        return count
    }
    print(
        "every change, session by session (a timeline, or a restore without snapshots): \(everyChange) in \(formatted(reading))")
    let latency = try CommitLatency().measure(on: store, bodyBytes: options.bodyBytes)
    print(
        "one change per commit, submit to onCommit, µs (durability \(options.durability.rawValue)): "
            + latency.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
    store.close()

    print(
        "database: \(bytes) bytes, \(bytes / max(everyChange, 1)) bytes per change with \(options.bodyBytes)-byte payloads (snapshots and sessions included)"
    )
} catch {
    FileHandle.standardError.write(Data("storage-bench: \(error)\n".utf8))
    exit(1)
}
