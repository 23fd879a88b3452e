import Glibc
import WebSocketClient
import WebSocketTransport

/// Starting the load generator's client loop and waiting for its clients to join.
enum ClientLoopStart {
    /// A libuv client loop sized for as many descriptors as `ulimit -n` allows.
    static func make() throws(BenchError) -> WebSocketClientLoop {
        do {
            return try WebSocketClientLoop(useLibUV: true, maxDescriptors: descriptorLimit)
        } catch {
            throw .setup("cannot start the client loop: \(error)")
        }
    }

    /// The soft `RLIMIT_NOFILE` (what `ulimit -n` says).
    static var descriptorLimit: Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return Int(clamping: limit.rlim_cur)
    }

    /// Waits until all `total` clients have joined (hello answered by a snapshot) and the
    /// messages that follow joins (presence) have stopped for a moment.
    static func awaitJoins(of generator: LoadGenerator, total: Int) throws(BenchError) {
        let loop = generator.loop
        let settled = loop.wait(timeout: 30 + Double(total) * 0.01) { generator.setupProgress.isSettled }
        guard let progress = loop.query({ generator.setupProgress }) else {
            throw .setup("the load generator stopped answering while connecting")
        }
        guard settled, progress.failed == 0 else {
            throw .setup(
                "\(progress.joined) of \(total) clients joined (\(progress.failed) failed)"
                    + (progress.firstFailure.map { ": \($0)" } ?? ""))
        }
        let quietNanoseconds = UInt64(LoadScenarioRunner.quietSeconds * 1e9)
        let quiet = loop.wait(timeout: 60) {
            MonotonicClock.nanoseconds() &- generator.setupProgress.lastMessageAt > quietNanoseconds
        }
        guard quiet else {
            throw .setup("messages kept arriving for 60 s after every client joined (presence storm?)")
        }
    }
}
