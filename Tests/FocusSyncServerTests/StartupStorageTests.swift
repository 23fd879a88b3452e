import FocusProtocol
import Foundation
import Glibc
import NetworkClients
import TestSupport
import Testing
import WebSocketTransport

/// Bad storage through the real `focus-sync` binary: every way the data folder can be unusable at
/// start ends the process with exit status 1 and one sentence on standard error naming the file
/// and the remedy, never a crash, and leaves the database (and a `-wal` beside it) byte for byte
/// as it was. A disk that fills up while serving is logged and shown on `/healthz`, and
/// recovered from when space returns. Each test prints the sentence it checks.
@Suite("Start-up on bad storage, through the real server", .tags(.transport, .long))
struct StartupStorageTests {
    static let databaseName = "focus-sync.sqlite3"
    /// The user the server runs as where permission bits must stop it (root ignores them).
    static let unprivilegedUser: UInt32? = ServerProcess.isRoot ? ServerProcess.nobody : nil
    static let canDropPrivileges = !ServerProcess.isRoot || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// A data folder as the server leaves it: 20 sessions made over HTTP, one with 60 edits,
    /// stopped with SIGTERM (everything checkpointed into the file) or, with `crash`, restarted
    /// for 30 more edits and then killed, so that a `-wal` holding them stays beside the file.
    static func makeDataFolder(_ folder: TemporaryFolder, crash: Bool = false) async throws {
        var server = try ServerProcess(arguments: ["--data-dir", folder.path])
        var sessions: [String] = []
        for _ in 0..<20 {
            let created = try HTTPClient.send(method: "POST", target: "/api/sessions", port: server.port)
            sessions.append(try #require(try JSONValue.parse(created.text)["id"].string))
        }
        try await edit(sessions[0], times: 60, on: server)
        server.terminate()
        guard crash else { return }
        server = try ServerProcess(arguments: ["--data-dir", folder.path])
        try await edit(sessions[0], times: 30, on: server)
        server.kill()
    }

    private static func edit(_ session: String, times: Int, on server: ServerProcess) async throws {
        let client = try await ProtocolClient.join(port: server.port, session: session)
        defer { client.close() }
        for counter in 1...times {
            client.intent(Seed.profile, "edit", #""key":"firstName","value":"Ada \#(counter)""#)
            _ = try await client.next(type: "update")
        }
    }

    /// The bytes of the database and of its `-wal` (empty when there is none).
    static func contents(of folder: TemporaryFolder) throws -> (database: Data, log: Data) {
        let log = FileManager.default.contents(atPath: folder.databasePath + "-wal") ?? Data()
        return (try Data(contentsOf: URL(fileURLWithPath: folder.databasePath)), log)
    }

    static func overwrite(_ path: String, at offset: Int, with bytes: [UInt8]) throws {
        let file = try #require(FileHandle(forUpdatingAtPath: path))
        try file.seek(toOffset: UInt64(offset))
        try file.write(contentsOf: Data(bytes))
        try file.close()
    }

    static func randomBytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255) }
    }

    static func size(of path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }

    /// Starts the server on `folder` (as `user`, if given), expects it to refuse with exit status
    /// 1 and one sentence naming `names`, prints that sentence, checks the files are as they
    /// were, and returns the sentence (without `Error: `).
    @discardableResult
    static func expectRefusal(
        _ label: String, folder: TemporaryFolder, dataDirectory: String? = nil, names: String,
        asUser user: UInt32? = nil
    ) throws -> String {
        let before = try? contents(of: folder)
        let refusal = try ServerProcess.failure(
            arguments: ["--data-dir", dataDirectory ?? folder.path, "--log-level", "info"], asUser: user)
        print(
            "bad input, \(label)\(user == nil ? "" : " (server run as nobody: the tests run as root)"): \(refusal.stderr.debugDescription)"
        )
        #expect(!refusal.started, "it started serving")
        #expect(!refusal.signaled, "a signal ended it: \(refusal.status)")
        #expect(refusal.status == 1)
        let lines = refusal.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "one line, ending with a newline")
        let sentence = String(lines.first ?? "").trimmingPrefix("Error: ")
        #expect(lines.first?.hasPrefix("Error: ") == true)
        #expect(sentence.contains(names), "names \(names)")
        #expect(sentence.contains("; "), "says the remedy after the semicolon")
        #expect(sentence.hasSuffix(".") && !sentence.hasSuffix(".."), "ends with one full stop")
        #expect(!sentence.dropLast().contains(". "), "one sentence")
        if let before {
            let after = try contents(of: folder)
            #expect(after.database == before.database, "the database is untouched")
            #expect(after.log == before.log, "its -wal is untouched")
        }
        return String(sentence)
    }

    @Test("Random bytes over the header: not a FocusSync database")
    func randomHeader() async throws {
        let folder = TemporaryFolder()
        try await Self.makeDataFolder(folder)
        // A zero first byte: the file no longer starts with "SQLite format 3".
        try Self.overwrite(folder.databasePath, at: 0, with: [0] + Self.randomBytes(99))
        let sentence = try Self.expectRefusal("random bytes over the header", folder: folder, names: folder.databasePath)
        #expect(
            sentence
                == "The file \(folder.databasePath) is not a FocusSync database (file is not a database); move it and its -wal file, if any, aside to start empty, or choose another data folder."
        )
    }

    @Test("Random bytes over the pages: damaged")
    func randomPages() async throws {
        let folder = TemporaryFolder()
        try await Self.makeDataFolder(folder)
        let size = try Self.size(of: folder.databasePath)
        try #require(size >= 4096 * 8, "a database of several pages: \(size) bytes")
        try Self.overwrite(folder.databasePath, at: 4096, with: Self.randomBytes(size - 4096))
        let sentence = try Self.expectRefusal(
            "random bytes over every page but the first", folder: folder, names: folder.databasePath)
        Self.expectDamaged(sentence, folder)
    }

    @Test("Damaged pages with a -wal a crash left: refused, and the -wal is not copied into the file nor deleted")
    func randomPagesWithWriteAheadLog() async throws {
        let folder = TemporaryFolder()
        try await Self.makeDataFolder(folder, crash: true)
        #expect(try Self.size(of: folder.databasePath + "-wal") > 0, "the kill left a -wal")
        let size = try Self.size(of: folder.databasePath)
        try Self.overwrite(folder.databasePath, at: 4096, with: Self.randomBytes(size - 4096))
        let sentence = try Self.expectRefusal(
            "damaged pages, with the -wal of a crash beside them", folder: folder, names: folder.databasePath)
        Self.expectDamaged(sentence, folder)
        #expect(FileManager.default.fileExists(atPath: folder.databasePath + "-wal"))
    }

    @Test("A truncated database: damaged")
    func truncated() async throws {
        let folder = TemporaryFolder()
        try await Self.makeDataFolder(folder)
        #expect(truncate(folder.databasePath, off_t(try Self.size(of: folder.databasePath) / 2)) == 0)
        let sentence = try Self.expectRefusal("truncated to half its size", folder: folder, names: folder.databasePath)
        Self.expectDamaged(sentence, folder)
    }

    /// SQLite's own words for the damage vary with what was hit; the rest of the sentence does not.
    static func expectDamaged(_ sentence: String, _ folder: TemporaryFolder) {
        #expect(sentence.hasPrefix("The database \(folder.databasePath) is damaged ("))
        #expect(sentence.hasSuffix("); move it and its -wal file, if any, aside to start empty, or restore a backup."))
    }

    @Test("A database written by a newer version: refused by its user_version")
    func newerVersion() async throws {
        let folder = TemporaryFolder()
        try await Self.makeDataFolder(folder)
        // PRAGMA user_version is the big-endian integer at offset 60 of the header.
        let header = try Self.contents(of: folder).database.prefix(64)
        let ours = header.suffix(4).reduce(0) { $0 << 8 | Int($1) }
        #expect(ours >= 1)
        try Self.overwrite(folder.databasePath, at: 60, with: [0, 0, 0, 99])
        let sentence = try Self.expectRefusal("PRAGMA user_version 99", folder: folder, names: folder.databasePath)
        #expect(
            sentence
                == "The database \(folder.databasePath) was written by a newer FocusSync (schema version 99; this one reads up to \(ours)); run the newer FocusSync, or move it and its -wal file, if any, aside to start empty."
        )
    }

    @Test(
        "An unreadable database (mode 000)",
        .enabled(if: canDropPrivileges, "root ignores permission bits and setpriv is missing"))
    func unreadable() async throws {
        let folder = TemporaryFolder()
        try await Self.makeDataFolder(folder)
        chmod(folder.path, 0o777)  // only the file is out of reach
        chmod(folder.databasePath, 0o000)
        defer { chmod(folder.databasePath, 0o644) }
        let sentence = try Self.expectRefusal(
            "an unreadable file (chmod 000)", folder: folder, names: folder.databasePath, asUser: Self.unprivilegedUser)
        #expect(
            sentence
                == "The database \(folder.databasePath) cannot be opened for reading and writing (Permission denied); give the user running FocusSync read and write permission on it, or restore a backup."
        )
    }

    @Test(
        "A data folder without write permission",
        .enabled(if: canDropPrivileges, "root ignores permission bits and setpriv is missing"))
    func readOnlyFolder() async throws {
        let folder = TemporaryFolder()
        try await Self.makeDataFolder(folder)
        chmod(folder.path, 0o555)
        let sentence = try Self.expectRefusal(
            "a data folder without write permission (chmod 555)", folder: folder, names: folder.path,
            asUser: Self.unprivilegedUser)
        #expect(
            sentence
                == "The data folder \(folder.path) is not writable (Permission denied); give the user running FocusSync write permission on it, or choose another data folder."
        )
    }

    @Test(
        "A data folder that cannot be created",
        .enabled(if: canDropPrivileges, "root ignores permission bits and setpriv is missing"))
    func folderCannotBeCreated() throws {
        let folder = TemporaryFolder()
        chmod(folder.path, 0o555)
        let missing = folder.file("data")
        let sentence = try Self.expectRefusal(
            "a data folder under a read-only one", folder: folder, dataDirectory: missing, names: missing,
            asUser: Self.unprivilegedUser)
        #expect(
            sentence
                == "The data folder \(missing) cannot be created (Permission denied); create it yourself, or choose another data folder."
        )
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("A data folder another server is using")
    func inUse() async throws {
        let folder = TemporaryFolder()
        let first = try ServerProcess(arguments: ["--data-dir", folder.path])
        defer { first.terminate() }
        let sentence = try Self.expectRefusal("a database another server has open", folder: folder, names: folder.databasePath)
        #expect(
            sentence
                == "The database \(folder.databasePath) is in use by another FocusSync process; stop that process, or choose another data folder."
        )
        #expect(try HTTPClient.send(target: "/healthz", port: first.port).status == 200, "the first server carries on")
    }
}
