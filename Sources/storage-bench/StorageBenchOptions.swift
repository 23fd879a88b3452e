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
            CommandLineOption(name: "--sessions", valueName: "n", help: "Sessions to write. (default: 1000)") {
                options, value throws(UsageError) in
                options.sessions = try OptionValue.wholeNumber(value, for: "--sessions", in: 1...1_000_000)
            },
            CommandLineOption(name: "--changes", valueName: "n", help: "Changes per session. (default: 1000)") {
                options, value throws(UsageError) in
                options.changesPerSession = try OptionValue.wholeNumber(value, for: "--changes", in: 1...10_000_000)
            },
            CommandLineOption(name: "--body-bytes", valueName: "n", help: "Bytes of each change's payload. (default: 200)") {
                options, value throws(UsageError) in
                options.bodyBytes = try OptionValue.wholeNumber(value, for: "--body-bytes", in: 1...1_000_000)
            },
            CommandLineOption(name: "--snapshot-every", valueName: "n", help: "Revisions between snapshots. (default: 250)") {
                options, value throws(UsageError) in
                options.snapshotEvery = try OptionValue.wholeNumber(value, for: "--snapshot-every", in: 1...10_000_000)
            },
            CommandLineOption(name: "--snapshot-bytes", valueName: "n", help: "Bytes of each snapshot's payload. (default: 4096)") {
                options, value throws(UsageError) in
                options.snapshotBytes = try OptionValue.wholeNumber(value, for: "--snapshot-bytes", in: 1...10_000_000)
            },
            CommandLineOption(
                name: "--folder", valueName: "path",
                help: "Data folder to use and keep; one holding sessions already is only measured. (default: a fresh one, deleted)"
            ) { options, value throws(UsageError) in
                guard !value.isEmpty else { throw UsageError("--folder needs the path of a folder.") }
                options.folder = value
            },
            CommandLineOption(name: "--durability", valueName: "level", help: "normal (synchronous=NORMAL) or full. (default: normal)") {
                options, value throws(UsageError) in
                options.durability = try OptionValue.choice(value, for: "--durability")
            },
        ])
}
