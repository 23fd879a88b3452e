import FocusSyncServer
import Foundation
import TestSupport
import Testing

/// A session made without a source runs the seed screens, read from the public folder at start:
/// a folder without them, or seeds that do not compile, stop the server with a sentence saying so.
@Suite("The seed screens at start", .tags(.transport))
struct SeedProgramStartupTests {
    /// A public folder with `index.html` and, from `seeds`, files under `examples/seeds/`.
    private func publicFolder(seeds: [String: String]) throws -> (folder: String, remove: () -> Void) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("seed-start-\(UUID().uuidString)")
        let seedsFolder = root.appendingPathComponent("examples/seeds")
        try FileManager.default.createDirectory(at: seedsFolder, withIntermediateDirectories: true)
        try Data(TestServer.indexHTML.utf8).write(to: root.appendingPathComponent("index.html"))
        for (name, text) in seeds {
            try Data(text.utf8).write(to: seedsFolder.appendingPathComponent(name))
        }
        return (root.path, { try? FileManager.default.removeItem(at: root) })
    }

    private func start(_ folder: String) -> StartupError? {
        var options = ServerOptions()
        options.port = 0
        options.inMemory = true
        do {
            let server = try PlaygroundServer(options: options, publicDirectory: folder, logger: Logger(level: .error))
            server.shutdown()
            return nil
        } catch {
            return error
        }
    }

    private func seedFiles() throws -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: try Seed.files.map {
                ($0, try String(contentsOf: Seed.folder.appendingPathComponent($0), encoding: .utf8))
            })
    }

    @Test("A public folder without the seed files stops the server, naming the first missing one")
    func missingSeedsStopTheServer() throws {
        var seeds = try seedFiles()
        seeds["gift.swift"] = nil
        let (folder, remove) = try publicFolder(seeds: seeds)
        defer { remove() }
        let error = try #require(start(folder))
        guard case .missingSeeds(let path) = error else {
            Issue.record("expected missingSeeds, got \(error)")
            return
        }
        #expect(path.hasSuffix("examples/seeds/gift.swift"))
        #expect(error.description.contains("--public must hold examples/seeds/"))
    }

    @Test("Seed files that do not compile stop the server with the first error")
    func brokenSeedsStopTheServer() throws {
        var seeds = try seedFiles()
        seeds["checkout.swift"] = "struct Broken: View {\n    var body: some View {\n        Text(\"a\"\n    }\n}\n"
        let (folder, remove) = try publicFolder(seeds: seeds)
        defer { remove() }
        let error = try #require(start(folder))
        guard case .badSeeds(let reason) = error else {
            Issue.record("expected badSeeds, got \(error)")
            return
        }
        #expect(reason.hasPrefix("line "), "the first error with its line: \(reason)")
    }

    @Test("With the seed files in place the server starts")
    func seedsInPlaceStart() throws {
        let (folder, remove) = try publicFolder(seeds: try seedFiles())
        defer { remove() }
        #expect(start(folder) == nil)
    }
}
