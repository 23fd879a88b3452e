import Foundation
import Locking

/// Replaces the source of one session, which no client drives, at a fixed rate through the
/// measured window (`PUT /api/sessions/{id}/source`), on a thread of its own: the load other
/// sessions see while one session's program is recompiled again and again.
final class SourceChurn: Sendable {
    /// What the replacements came to.
    struct Count: Sendable {
        var accepted = 0
        var refused = 0
        var firstRefusal: String?
    }

    private let count = Locked(Count())
    private let finished = Locked(false)

    /// Starts a thread that sends `perSecond` replacements of `source` to session `id` from
    /// `window.start` to `window.end`, each with a comment of its own so none is a no-op.
    init(port: Int, sessionID id: String, source: String, perSecond: Int, window: MeasurementWindow) {
        let interval = UInt64(1e9 / Double(perSecond))
        Thread.detachNewThread { [count, finished] in
            var next = window.start
            var edition = 0
            while next < window.end {
                MonotonicClock.sleep(until: next)
                edition += 1
                let body = (try? JSONEncoder().encode(["source": source + "\n// edition \(edition)\n"])).map(Array.init) ?? []
                let outcome = Result { () throws(BenchError) in
                    try HTTPExchange.send(method: "PUT", target: "/api/sessions/\(id)/source", port: port, body: body)
                }
                count.withLock { count in
                    switch outcome {
                    case .success(let response) where response.status == 200: count.accepted += 1
                    case .success(let response):
                        count.refused += 1
                        count.firstRefusal =
                            count.firstRefusal ?? "\(response.status) \(String(decoding: response.body, as: UTF8.self))"
                    case .failure(let error):
                        count.refused += 1
                        count.firstRefusal = count.firstRefusal ?? "\(error)"
                    }
                }
                next += interval
            }
            finished.withLock { $0 = true }
        }
    }

    /// The count once the thread has sent its last replacement (waits at most `timeout` seconds).
    func result(timeout: Double) -> Count {
        let deadline = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        while !finished.withLock({ $0 }) && MonotonicClock.nanoseconds() < deadline {
            MonotonicClock.sleep(seconds: 0.01)
        }
        return count.withLock { $0 }
    }
}
