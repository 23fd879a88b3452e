import Foundation
import TestSupport
import Testing

@testable import focus_bench

/// What the bench measures of persistence, run small against the debug `focus-sync`: the bytes a
/// stored server writes per change, and restarts on a data folder the server wrote itself.
@Suite("focus-bench measures persistence", .serialized, .tags(.transport, .long))
struct PersistenceMeasurementTests {
    /// The checkout this file is in.
    private static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Options for the debug server of this checkout, unpinned, with short windows.
    private static var options: BenchOptions {
        var options = BenchOptions()
        options.serverExecutable = checkout.appendingPathComponent(".build/debug/focus-sync").path
        options.publicDirectory = checkout.appendingPathComponent("Public").path
        options.serverCPU = nil
        options.warmupSeconds = 0.3
        options.durationSeconds = 0.7
        options.restoreRuns = 2
        return options
    }

    /// The variant of `make bench`'s comparison called `name`.
    private static func variant(_ name: String) -> ServerVariant? {
        ServerVariant.persistenceComparison.first { $0.name == name }
    }

    private static let closedLoop = LoadShape(
        sessions: 2, clientsPerSession: 2, intent: .focus, pacing: .closedLoop, serverArguments: ["--rate-limit", "1000000"])

    @Test func aStoredServerReportsItsDatabaseBytesPerChangeAndAnInMemoryOneNone() throws {
        let stored = try LoadScenarioRunner(options: Self.options, variant: Self.variant("stored"))
            .run("closed [stored]", Self.closedLoop)
        let store = try #require(stored.store)
        #expect(stored.lost == 0)
        // Every intent sent changed its session (focus alternates), warm-up included.
        #expect(store.changes >= stored.intentsSent && stored.intentsSent > 0)
        #expect(store.bytes > 0)
        #expect(store.bytesPerChange == Double(store.bytes) / Double(store.changes))

        let memory = try LoadScenarioRunner(options: Self.options, variant: Self.variant("memory"))
            .run("closed [memory]", Self.closedLoop)
        #expect(memory.store == nil)
        #expect(memory.intentsSent > 0)
    }

    @Test func restoreTimesRestartsOnAFolderTheServerWroteAndKeepsItForTheNextRun() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("focus-bench-test-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: parent) }
        var options = Self.options
        options.restoreFolder = parent + "/data"
        let runner = RestoreRunner(options: options)

        // 260 changes: snapshots at revisions 1 and 251, then 9 changes a restore replays.
        let first = try runner.run("restore-3x260", sessions: 3, changesPerSession: 260)
        #expect(first.notes.isEmpty, "every session came back at revision 260: \(first.notes)")
        #expect(first.changesAfterLastSnapshot == 9)
        #expect(first.prepareSeconds != nil)
        #expect(first.restoreSeconds.count == 2 && first.restoreCPUSeconds.count == 2)
        #expect(first.restoreSeconds.allSatisfy { $0 > 0 })
        #expect(first.databaseBytes > 0 && first.bytesPerChange == Double(first.databaseBytes) / 780)

        let again = try runner.run("restore-3x260", sessions: 3, changesPerSession: 260)
        #expect(again.prepareSeconds == nil && again.changesAfterLastSnapshot == nil)
        #expect(again.notes.contains { $0.contains("earlier run") })
        #expect(again.restoreSeconds.count == 2)
        #expect(again.databaseBytes == first.databaseBytes, "a restart that ends in SIGKILL changes nothing stored")
    }

    @Test func restoreRefusesAFolderWithTheWrongNumberOfSessions() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("focus-bench-test-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: parent) }
        var options = Self.options
        options.restoreFolder = parent + "/data"
        options.restoreRuns = 1
        _ = try RestoreRunner(options: options).run("restore-2x2", sessions: 2, changesPerSession: 2)
        #expect(throws: BenchError.self) {
            try RestoreRunner(options: options).run("restore-3x2", sessions: 3, changesPerSession: 2)
        }
    }
}
