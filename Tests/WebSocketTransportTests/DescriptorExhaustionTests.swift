import Foundation
import Glibc
import Testing
import WebSocketClient
@testable import WebSocketTransport

/// Serialized, and in a suite of its own: the test lowers the whole process's descriptor limit,
/// and waits without tasks or dispatch, which may need a descriptor when none is left.
@Suite("Running out of descriptors", .serialized)
struct DescriptorExhaustionTests {
    @Test(.serialized, arguments: EventLoop.allCases)
    func acceptPausesInsteadOfSpinningAndRecovers(loop: EventLoop) throws {
        let test = try TestServer(loop)
        defer { test.stop() }
        #expect(try test.get("/").status == 200)
        // Opened now: once the descriptors run out, nothing more can be opened.
        let threadStat = try ThreadStat(thread: try #require(test.server.serviceThreadID))
        defer { threadStat.close() }

        // Leave room for a few dozen descriptors, then connect until there are none left: the
        // last connections wait in the listen backlog, which keeps the listening socket readable.
        var original = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &original)
        var lowered = original
        lowered.rlim_cur = rlim_t(Self.limitLeaving(free: 40))
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &lowered)
        var clients: [Int32] = []
        defer {
            clients.forEach { _ = Glibc.close($0) }
            setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &original)
        }
        while clients.count < 200, let client = Self.connect(port: test.port) {
            clients.append(client)
        }
        #expect(clients.count < 200, "the lowered limit should have stopped the client")
        #expect(Self.waitUntil { test.server.isOutOfDescriptors })

        let cpuBefore = try threadStat.cpuSeconds()
        sleep(1)
        let cpu = try threadStat.cpuSeconds() - cpuBefore
        #expect(cpu < 0.2, "the service thread used \(cpu) s of CPU in 1 s while out of descriptors")
        #expect(test.server.acceptPausesForDescriptors > 0)

        clients.forEach { _ = Glibc.close($0) }
        clients = []
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &original)
        #expect(Self.waitUntil(seconds: 10) { (try? test.get("/").status) == 200 })
        #expect(!test.server.isOutOfDescriptors)
    }

    /// Polls `condition` on this thread (no tasks, no dispatch: nothing that could need a
    /// descriptor while there are none).
    private static func waitUntil(seconds: Double = 5, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            usleep(5_000)
        }
        return true
    }

    /// The descriptor limit under which exactly `free` more descriptors can be opened (new
    /// descriptors take the lowest free numbers, so gaps count).
    private static func limitLeaving(free: Int) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        let open = Set(names.compactMap { Int($0) })
        var number = 0
        var left = free
        while left > 0 {
            if !open.contains(number) { left -= 1 }
            number += 1
        }
        return number
    }

    /// A non-blocking connect to the server; nil once this process has no descriptor left.
    private static func connect(port: Int) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return descriptor
    }
}

/// One thread's CPU time, read from `/proc/self/task/<tid>/stat` through a descriptor opened once.
private struct ThreadStat {
    let descriptor: Int32

    struct Unreadable: Error {}

    init(thread: Int32) throws {
        descriptor = open("/proc/self/task/\(thread)/stat", O_RDONLY)
        guard descriptor >= 0 else { throw Unreadable() }
    }

    /// User plus system time in seconds.
    func cpuSeconds() throws -> Double {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { throw Unreadable() }
        let stat = String(decoding: buffer.prefix(count), as: UTF8.self)
        // After the command name (which ends with ')'): state is field 3, utime 14, stime 15.
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { throw Unreadable() }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
