import Foundation
import Glibc
import Locking
import NetworkClients
import TestSupport
import Testing

@testable import WebSocketTransport

/// Serialized, and in a suite of its own: the test lowers the whole process's descriptor limit,
/// and waits without tasks or dispatch, which may need a descriptor when none is left.
@Suite("Running out of descriptors", .serialized, .tags(.transport))
struct DescriptorExhaustionTests {
    @Test(.serialized, arguments: EventLoop.allCases)
    func acceptPausesInsteadOfSpinningAndRecovers(loop: EventLoop) throws {
        let test = try TransportServer(loop)
        defer { test.stop() }
        #expect(try test.get("/").status == 200)
        // Opened now: once the descriptors run out, nothing more can be opened.
        let threadStat = try ThreadStat(thread: try #require(test.server.serviceThreadID))
        defer { threadStat.close() }

        // Leave room for a few dozen descriptors, then connect until there are none left: the
        // last connections wait in the listen backlog, which keeps the listening socket readable.
        let pressure = DescriptorPressure(port: test.port)
        defer { pressure.release() }
        #expect(pressure.connections < 200, "the lowered limit should have stopped the client")
        #expect(DescriptorPressure.waitUntil { test.server.isOutOfDescriptors })

        let cpuBefore = try threadStat.cpuSeconds()
        sleep(1)
        let cpu = try threadStat.cpuSeconds() - cpuBefore
        #expect(cpu < 0.2, "the service thread used \(cpu) s of CPU in 1 s while out of descriptors")
        #expect(test.server.acceptPausesForDescriptors > 0)

        pressure.release()
        #expect(DescriptorPressure.waitUntil(seconds: 10) { (try? test.get("/").status) == 200 })
        #expect(!test.server.isOutOfDescriptors)
    }

    /// The common `ulimit -n 1024` would cap a server at about a thousand connections: starting
    /// raises the soft limit to the hard limit.
    @Test func startRaisesTheSoftDescriptorLimitToTheHardLimit() throws {
        var original = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &original)
        defer { setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &original) }
        var lowered = original
        lowered.rlim_cur = min(original.rlim_max, 1024) - 1
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &lowered)
        let logged = Locked<[String]>([])
        let test = try TransportServer(.poll) { configuration in
            configuration.log = { line in logged.withLock { $0.append(line) } }
        }
        defer { test.stop() }
        var now = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &now)
        #expect(now.rlim_cur == original.rlim_max)
        #expect(logged.withLock { $0 }.contains { $0.contains("from \(lowered.rlim_cur) to \(original.rlim_max)") })
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
