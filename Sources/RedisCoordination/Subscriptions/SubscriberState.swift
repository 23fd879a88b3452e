import Foundation
import Glibc

/// What the callers of a ``ChangeSubscriber`` and its thread share: the sessions to follow,
/// whether it is closed, and a pipe that wakes the thread from `poll` when either changes.
///
/// `@unchecked Sendable`: `wanted` and `closed` are guarded by `lock`; the pipe's descriptors
/// never change.
final class SubscriberState: @unchecked Sendable {
    private let lock = NSLock()
    private var wanted: Set<String> = []
    private var closed = false
    /// The thread polls `wakeRead`; callers write a byte to `wakeWrite`.
    let wakeRead: Int32
    private let wakeWrite: Int32

    init() throws(ConnectionFailure) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw ConnectionFailure(reason: "no pipe for the subscriber: \(String(cString: strerror(errno)))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
    }

    deinit {
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    /// Changes the sessions to follow and wakes the thread.
    func change(_ body: (inout Set<String>) -> Void) {
        lock.lock()
        body(&wanted)
        lock.unlock()
        wake()
    }

    func close() {
        lock.lock()
        closed = true
        lock.unlock()
        wake()
    }

    /// The sessions to follow now, or nil once closed.
    func current() -> Set<String>? {
        lock.lock()
        defer { lock.unlock() }
        return closed ? nil : wanted
    }

    private func wake() {
        var byte: UInt8 = 1
        // A full pipe already wakes the thread.
        _ = write(wakeWrite, &byte, 1)
    }

    /// Empties the pipe once the thread woke.
    func drainWakes() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &bytes, bytes.count) > 0 {}
    }
}
