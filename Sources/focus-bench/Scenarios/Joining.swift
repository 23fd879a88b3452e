import Glibc

/// Waiting for the load generator's clients to join, and how many descriptors it may use.
enum Joining {
    /// Setup is over when no message has arrived for this long (presence after the joins).
    static let quietSeconds = 0.3

    /// The soft `RLIMIT_NOFILE` (what `ulimit -n` says).
    static var descriptorLimit: Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return Int(clamping: limit.rlim_cur)
    }

    /// Waits until all `total` clients have joined (hello answered by a snapshot), within
    /// `timeout` seconds (by default 30 s plus 10 ms a client).
    static func awaitJoins(of generator: LoadGenerator, total: Int, timeout: Double? = nil) throws(BenchError) {
        let loop = generator.loop
        let settled = loop.wait(timeout: timeout ?? 30 + Double(total) * 0.01) { generator.setupProgress.isSettled }
        guard let progress = loop.query({ generator.setupProgress }) else {
            throw .setup("the load generator stopped answering while connecting")
        }
        guard settled, progress.failed == 0 else {
            throw .setup(
                "\(progress.joined) of \(total) clients joined (\(progress.failed) failed)"
                    + (progress.firstFailure.map { ": \($0)" } ?? ""))
        }
    }

    /// Waits until the messages that follow joins (presence) have stopped for ``quietSeconds``.
    static func awaitQuiet(of generator: LoadGenerator, timeout: Double = 60) throws(BenchError) {
        let quietNanoseconds = UInt64(quietSeconds * 1e9)
        let quiet = generator.loop.wait(timeout: timeout) {
            MonotonicClock.nanoseconds() &- generator.setupProgress.lastMessageAt > quietNanoseconds
        }
        guard quiet else {
            throw .setup("messages kept arriving for \(Int(timeout)) s after every client joined (presence storm?)")
        }
    }
}
