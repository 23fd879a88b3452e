import FocusProtocol
import Foundation
import Locking
import NetworkClients
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Sources compile in `focus-compile` processes, never the server's own: a source the parser
/// stalls on is stopped at the deadline while other sessions' sources compile, a compiler that
/// crashes refuses its source while the server serves on, and a killed compiler is replaced.
@Suite("Sources compile in processes of their own", .tags(.transport), .serialized)
struct CompilerIsolationTests {
    /// 64 KiB of brackets nested five deep: seconds of the parser's look-ahead.
    static let stalling: String = {
        let line = "let x = " + String(repeating: "[(", count: 5) + "1" + String(repeating: ")]", count: 5) + "\n"
        let head = "struct A: View { var body: some View { Text(\"a\") } }\n"
        return head + String(repeating: line, count: (65_000 - head.utf8.count) / line.utf8.count)
    }()

    /// The `focus-compile` processes this test process started (its servers' compilers).
    static func compilerProcesses() -> [pid_t] {
        let parent = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.range(of: ") ", options: .backwards)
            else { return nil }
            let name = stat[stat.index(after: stat.firstIndex(of: "(")!)..<close.lowerBound]
            let fields = stat[close.upperBound...].split(separator: " ")
            return name == "focus-compile" && fields.count > 1 && pid_t(fields[1]) == parent ? pid : nil
        }
    }

    /// Whether `pid` is running, not asleep: a compiler reading a source, not one waiting for the next.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.range(of: ") ", options: .backwards)
        else { return false }
        return stat[close.upperBound...].hasPrefix("R")
    }

    /// The nice value of `pid` (field 19 of its stat line).
    static func niceness(of pid: pid_t) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.range(of: ") ", options: .backwards)
        else { return nil }
        let fields = stat[close.upperBound...].split(separator: " ")
        return fields.count > 16 ? Int(fields[16]) : nil
    }

    @Test("Compilers run at a lower priority than the server, so a compile sharing its core waits for the sessions")
    func compilersYieldToTheServer() async throws {
        let server = try TestServer()
        defer { server.stop() }
        // A source of a session's own is compiled in the pool: its process is running.
        #expect(try SourceSessionServerTests.create(server, source: SourceSessionServerTests.login).status == 201)
        let compilers = Self.compilerProcesses()
        try #require(!compilers.isEmpty, "the server started its compilers")
        let own = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        for pid in compilers {
            #expect(Self.niceness(of: pid) == Int(own) + 10, "compiler \(pid) runs 10 below the server")
        }
    }

    static func refusal(_ response: HTTPClient.Response) throws -> String? {
        try JSONValue.parse(response.text)["error"]["diagnostics"][0]["message"].string
    }

    @Test("A source the parser stalls on is refused at the deadline; meanwhile another session's source compiles")
    func stallingSourceHoldsUpNobody() async throws {
        let server = try TestServer { $0.compileDeadlineMilliseconds = 500 }
        defer { server.stop() }
        let answered = Locked<[String]>([])
        let stalled = Task.detached {
            let response = try SourceSessionServerTests.create(server, source: Self.stalling)
            answered.withLock { $0.append("stalling") }
            return response
        }
        // The stalling source is being compiled once a compiler process of this server runs: the
        // one that compiled the seed screens at start waits, asleep, for the next source.
        #expect(await eventually { Self.compilerProcesses().contains(where: Self.isRunning) })
        let quick = try SourceSessionServerTests.create(server, source: SourceSessionServerTests.login)
        answered.withLock { $0.append("login") }
        #expect(quick.status == 201)

        let refused = try await stalled.value
        #expect(answered.withLock { $0 } == ["login", "stalling"])
        #expect(refused.status == 422)
        let message = try #require(try Self.refusal(refused))
        #expect(message.contains("took longer than 500 ms"), "\(message)")
        let again = try SourceSessionServerTests.create(server, source: SourceSessionServerTests.login)
        #expect(again.status == 201, "the stopped compiler is replaced")
    }

    @Test("A compiler process killed from outside is replaced, and the next source compiles")
    func killedCompilerIsReplaced() throws {
        let server = try TestServer()
        defer { server.stop() }
        #expect(try SourceSessionServerTests.create(server, source: SourceSessionServerTests.login).status == 201)
        let running = Self.compilerProcesses()
        #expect(!running.isEmpty)
        for pid in running { kill(pid, SIGKILL) }
        let renamed = SourceSessionServerTests.login.replacingOccurrences(of: "\"Sign In\"", with: "\"Log In\"")
        #expect(try SourceSessionServerTests.create(server, source: renamed).status == 201)
        #expect(Set(Self.compilerProcesses()).isDisjoint(with: running))
    }

    @Test("A compiler that ends on a source refuses it with 422, and the server serves on")
    func crashingCompilerRefusesItsSource() throws {
        // The first compiler process is the real one; every compiler process started after it
        // ends at once, as one the parser crashes in does.
        let folder = TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }
        let compiler = folder.file("focus-compile")
        let real = ServerProcess.binary.deletingLastPathComponent().appendingPathComponent("focus-compile").path
        try Data("#!/bin/sh\nmkdir '\(folder.file("started"))' 2>/dev/null && exec '\(real)'\nexit 0\n".utf8)
            .write(to: URL(fileURLWithPath: compiler))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: compiler)
        let server = try TestServer { $0.compilerExecutable = compiler }
        defer { server.stop() }
        #expect(try SourceSessionServerTests.create(server, source: SourceSessionServerTests.login).status == 201)
        let first = Self.compilerProcesses()
        #expect(!first.isEmpty, "the real compiler")
        for pid in first { kill(pid, SIGKILL) }
        let renamed = SourceSessionServerTests.login.replacingOccurrences(of: "\"Sign In\"", with: "\"Log In\"")
        let refused = try SourceSessionServerTests.create(server, source: renamed)
        #expect(refused.status == 422)
        #expect(try Self.refusal(refused)?.contains("The Swift parser failed on this source") == true)
        let health = try HTTPClient.send(method: "GET", target: "/healthz", port: server.port)
        #expect(health.status == 200)
        let seeded = try HTTPClient.send(method: "POST", target: "/api/sessions", port: server.port)
        #expect(seeded.status == 201, "a session without a source runs the seed screens, compiled at start")
    }

    @Test("The seed screens are compiled in the server's own process: a deadline no compile can meet does not stop it starting")
    func seedsNeedNoCompilerProcess() throws {
        let server = try TestServer { $0.compileDeadlineMilliseconds = 1 }
        defer { server.stop() }
        #expect(Self.compilerProcesses().isEmpty, "no compiler process was needed to start")
        let seeded = try HTTPClient.send(method: "POST", target: "/api/sessions", port: server.port)
        #expect(seeded.status == 201, "a session without a source runs the seed screens")
        let own = try SourceSessionServerTests.create(server, source: SourceSessionServerTests.login)
        #expect(own.status == 422, "a session's own source still meets the deadline, here one no compile can meet")
    }

    @Test("A stored session's source gets the longer restore deadline: a server whose deadline no compile meets restores it")
    func storedSourceIsRestoredPatiently() throws {
        let folder = TemporaryFolder()
        var server = try TestServer(configure: DurabilityTests.persistent(folder))
        let created = try SourceSessionServerTests.create(server, source: SourceSessionServerTests.login)
        #expect(created.status == 201)
        let id = try #require(try JSONValue.parse(created.text)["id"].string)
        server.stop()
        server = try TestServer {
            DurabilityTests.persistent(folder)(&$0)
            $0.compileDeadlineMilliseconds = 1
        }
        defer { server.stop() }
        let restored = try server.get("/api/sessions/\(id)")
        #expect(restored.status == 200, "restored although a new source could not compile within 1 ms")
        #expect(try JSONValue.parse(restored.text)["state"]["program"]["source"].string == SourceSessionServerTests.login)
    }
}
