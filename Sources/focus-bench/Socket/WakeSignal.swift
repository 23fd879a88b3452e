import CLinuxEvents
import Glibc

/// An eventfd another thread writes to wake a thread that waits in epoll.
final class WakeSignal: Sendable {
    let descriptor: Int32

    init() throws(SocketError) {
        descriptor = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard descriptor >= 0 else { throw SocketError("eventfd", errno) }
    }

    deinit {
        close(descriptor)
    }

    /// Makes the descriptor readable; safe from any thread.
    func signal() {
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }

    /// Clears it, so level-triggered epoll stops reporting it.
    func drain() {
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)
    }
}
