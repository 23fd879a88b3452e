import Foundation
import Glibc

/// Runs this process out of open descriptors, for tests of a server that must keep working when
/// `accept` fails with `EMFILE`: lower the soft limit to leave a few free, then connect until
/// none is left (the last connections wait in the server's listen backlog).
public final class DescriptorPressure {
    private var original = rlimit()
    private var clients: [Int32] = []

    /// Lowers the limit so that `free` more descriptors can be opened, then connects to
    /// `127.0.0.1:port` until no descriptor is left (at most `maximum` connections).
    public init(port: Int, leaving free: Int = 40, maximum: Int = 200) {
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &original)
        var lowered = original
        lowered.rlim_cur = rlim_t(Self.limitLeaving(free: free))
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &lowered)
        while clients.count < maximum, let client = Self.connect(port: port) {
            clients.append(client)
        }
    }

    deinit {
        release()
    }

    /// How many connections it opened before the descriptors ran out.
    public var connections: Int { clients.count }

    /// Closes every connection and restores the limit.
    public func release() {
        for client in clients { _ = Glibc.close(client) }
        clients = []
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &original)
    }

    /// Polls `condition` on this thread (no tasks, no dispatch: nothing that could need a
    /// descriptor while there are none).
    public static func waitUntil(seconds: Double = 5, _ condition: () -> Bool) -> Bool {
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
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return descriptor
    }
}
