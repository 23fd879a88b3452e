import CommandLineParsing
import SQLiteStorage

/// What `storage-bench` writes and where.
struct StorageBenchOptions: Sendable {
    var sessions = 1000
    var changesPerSession = 1000
    var bodyBytes = 200
    var snapshotEvery = 250
    var snapshotBytes = 4096
    /// The data folder; nil makes a fresh one under /tmp and deletes it afterwards.
    var folder: String?
    var durability = StoreOptions.Durability.normal

    static let syntax = CommandLineSyntax<StorageBenchOptions>(
        commandName: "storage-bench",
        abstract: "Write a large session log through SQLiteStorage, then measure restoring it and its size on disk.",
        options: [
            count("--sessions", "Sessions to write. (default: 1000)", 1...1_000_000, \.sessions),
            count("--changes", "Changes per session. (default: 1000)", 1...10_000_000, \.changesPerSession),
            count("--body-bytes", "Bytes of each change's payload. (default: 200)", 1...1_000_000, \.bodyBytes),
            count("--snapshot-every", "Revisions between snapshots. (default: 250)", 1...10_000_000, \.snapshotEvery),
            count("--snapshot-bytes", "Bytes of each snapshot's payload. (default: 4096)", 1...10_000_000, \.snapshotBytes),
            CommandLineOption(
                name: "--folder", valueName: "path",
                help:
                    "Data folder to use and keep; one holding sessions already is only measured. (default: a fresh one, deleted)"
            ) { options, value throws(UsageError) in
                guard !value.isEmpty else { throw UsageError("--folder needs the path of a folder.") }
                options.folder = value
            },
            CommandLineOption(
                name: "--durability", valueName: "level", help: "normal (synchronous=NORMAL) or full. (default: normal)"
            ) {
                options, value throws(UsageError) in
                options.durability = try OptionValue.choice(value, for: "--durability")
            },
        ])

    /// `--name <n>`: a whole number in `range`, stored in `field`.
    private static func count(
        _ name: String, _ help: String, _ range: ClosedRange<Int>, _ field: WritableKeyPath<StorageBenchOptions, Int> & Sendable
    ) -> CommandLineOption<StorageBenchOptions> {
        CommandLineOption(name: name, valueName: "n", help: help) { options, value throws(UsageError) in
            options[keyPath: field] = try OptionValue.wholeNumber(value, for: name, in: range)
        }
    }
}
