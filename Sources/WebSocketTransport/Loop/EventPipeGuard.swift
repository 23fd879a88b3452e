import Foundation
import Glibc

/// Works around a double `close` of libwebsockets' wake-up eventfd when a context on a libuv
/// loop is destroyed (libwebsockets 4.1.6): `lws_context_destroy` closes the descriptor, and
/// the libuv close callback that runs afterwards closes the same number again. If another
/// thread opened a file or socket in between, it got that number and loses it.
///
/// The guard finds the eventfd among the descriptors registered on the transport's libuv
/// loop (libwebsockets' wake-up pipe is the only one besides libuv's own), puts a placeholder (one end of a
/// private pipe) on that number as soon as the first close returns, and lets the second close
/// hit the placeholder. Service thread only.
struct EventPipeGuard {
    private var descriptor: Int32?
    private var placeholder: (read: Int32, write: Int32)?
    /// Eventfds that existed before the context: among them libuv's own (its work-queue wake-up).
    private var earlierEventFDs: Set<Int32> = []

    /// Call after the libuv loop is initialised and before the context is created.
    mutating func noteEarlierEventFDs() {
        let numbers = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        earlierEventFDs = Set(numbers.compactMap { Int32($0) }.filter(Self.isEventFD))
    }

    /// Descriptors registered on an epoll instance (`/proc/self/fdinfo`).
    private static func registered(on epoll: Int32) -> Set<Int32> {
        guard let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(epoll)", encoding: .utf8) else { return [] }
        return Set(
            info.split(separator: "\n").compactMap { line in
                guard line.hasPrefix("tfd:") else { return nil }
                return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int32($0) }
            })
    }

    /// Call right before `lws_context_destroy`, with the libuv loop's epoll descriptor.
    mutating func prepare(epoll: Int32) {
        let eventFDs = Self.registered(on: epoll).filter(Self.isEventFD).subtracting(earlierEventFDs)
        guard eventFDs.count == 1 else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        descriptor = eventFDs.first
        placeholder = (ends[0], ends[1])
    }

    /// Call right after the first `lws_context_destroy` returns: takes the number back.
    mutating func reserve() {
        guard let descriptor, let placeholder else { return }
        let copy = fcntl(placeholder.read, F_DUPFD_CLOEXEC, descriptor)
        if copy != descriptor {
            // Someone else took the number first; nothing to protect any more.
            if copy >= 0 { close(copy) }
            self.descriptor = nil
        }
    }

    /// Call once the context is gone: closes the placeholder unless libwebsockets already did.
    mutating func finish() {
        if let descriptor, let placeholder, Self.sameFile(descriptor, placeholder.read) {
            close(descriptor)
        }
        if let placeholder {
            close(placeholder.read)
            close(placeholder.write)
        }
        descriptor = nil
        placeholder = nil
    }

    private static func isEventFD(_ descriptor: Int32) -> Bool {
        var target = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/self/fd/\(descriptor)", &target, target.count - 1)
        return length > 0
            && String(decoding: target.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) == "anon_inode:[eventfd]"
    }

    private static func sameFile(_ first: Int32, _ second: Int32) -> Bool {
        var a = stat()
        var b = stat()
        return fstat(first, &a) == 0 && fstat(second, &b) == 0 && a.st_ino == b.st_ino && a.st_dev == b.st_dev
    }
}
