import CLinuxEvents
import Glibc

/// An epoll instance: level-triggered interest in descriptors, each tagged with a token that
/// comes back with its events.
final class Epoll {
    /// What epoll reported for one descriptor.
    struct Event {
        var token: UInt64
        var flags: UInt32

        var isReadable: Bool { flags & EPOLLIN.rawValue != 0 }
        var isWritable: Bool { flags & EPOLLOUT.rawValue != 0 }
        /// An error or a hang-up: reading tells which (an error, or the end of the stream).
        var isBroken: Bool { flags & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 }
    }

    private let descriptor: Int32
    private var received: [epoll_event]

    init(capacity: Int = 1024) throws(SocketError) {
        descriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard descriptor >= 0 else { throw SocketError("epoll_create1", errno) }
        received = Array(repeating: epoll_event(), count: capacity)
    }

    deinit {
        close(descriptor)
    }

    /// Starts watching `socket` for input, and for room to write too when `writable`.
    func add(_ socket: Int32, token: UInt64, writable: Bool) throws(SocketError) {
        try control(EPOLL_CTL_ADD, socket, token: token, writable: writable)
    }

    func modify(_ socket: Int32, token: UInt64, writable: Bool) throws(SocketError) {
        try control(EPOLL_CTL_MOD, socket, token: token, writable: writable)
    }

    /// Stops watching `socket` (closing it does that too).
    func remove(_ socket: Int32) {
        var unused = epoll_event()
        _ = epoll_ctl(descriptor, EPOLL_CTL_DEL, socket, &unused)
    }

    /// Waits at most `timeoutMilliseconds` (-1: for ever) and hands every event to `body`.
    func wait(timeoutMilliseconds: Int32, _ body: (Event) -> Void) {
        let count = received.withUnsafeMutableBufferPointer { buffer in
            epoll_wait(descriptor, buffer.baseAddress, Int32(buffer.count), timeoutMilliseconds)
        }
        for index in 0..<max(0, Int(count)) {
            body(Event(token: received[index].data.u64, flags: received[index].events))
        }
    }

    private func control(_ operation: Int32, _ socket: Int32, token: UInt64, writable: Bool) throws(SocketError) {
        let flags = EPOLLIN.rawValue | EPOLLRDHUP.rawValue | (writable ? EPOLLOUT.rawValue : 0)
        var event = epoll_event(events: flags, data: epoll_data_t(u64: token))
        guard epoll_ctl(descriptor, operation, socket, &event) == 0 else { throw SocketError("epoll_ctl", errno) }
    }
}
