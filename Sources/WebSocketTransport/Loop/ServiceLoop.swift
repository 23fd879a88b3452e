import CLibWebSockets
import Dispatch
import Foundation
import Locking

/// One libwebsockets context and the dedicated thread that services it.
///
/// Every libwebsockets call for the context happens on that thread: the context is created
/// there, serviced there and destroyed there. Other threads only queue work (``execute(_:)``)
/// and wake the loop with `lws_cancel_service`, the one libwebsockets call that is safe from
/// anywhere; the owner's protocol callback drains the queue in
/// `LWS_CALLBACK_EVENT_WAIT_CANCELLED` by calling ``runQueuedWork()``.
///
/// The loop is either libwebsockets' default `poll()` loop or a libuv loop the transport owns
/// (see ``UVLoop``). Either way the service loop tests its own stop flag every turn, so it never
/// depends on libwebsockets' signal handling to end.
///
/// `@unchecked Sendable`: the properties marked "service thread" are only touched on the
/// service thread; the rest is immutable or behind a lock.
package final class ServiceLoop: @unchecked Sendable {
    /// How the owner builds its context, called once on the service thread. `foreignLoop` is
    /// the libuv loop to pass in `foreign_loops`, or nil for the poll loop.
    package typealias ContextFactory =
        @Sendable (_ foreignLoop: UnsafeMutableRawPointer?) -> Result<OpaquePointer, TransportError>

    package let name: String
    package let usesLibUV: Bool
    /// Unique within the process (never 0).
    package let id: UInt64
    private static let lastID = Locked<UInt64>(0)

    // Cross-thread state.
    private let queuedWork = Locked<[@Sendable () -> Void]>([])
    private let state = Locked(State.idle)
    private let finished = DispatchSemaphore(value: 0)

    /// The service thread's kernel thread id, once it runs (for tests that measure its CPU time).
    package var threadID: Int32? { serviceThread.withLock { $0?.kernelID } }
    /// The service thread while it runs (from before the context exists until it is gone).
    private let serviceThread = Locked<(thread: pthread_t, kernelID: Int32?)?>(nil)

    // Service thread.
    package private(set) var context: OpaquePointer?
    private var stopRequested = false
    private var uvLoop: UVLoop?
    private var eventPipeGuard = EventPipeGuard()
    private var timers: [ObjectIdentifier: ScheduledWork] = [:]
    /// Where libwebsockets writes NULL once the context is completely destroyed.
    private let contextSlot = UnsafeMutablePointer<OpaquePointer?>.allocate(capacity: 1)

    private enum State {
        case idle
        /// The context exists and may be woken.
        case running(context: OpaquePointer)
        /// The service loop has ended; the context is being destroyed.
        case stopping
        case finished
    }

    package init(name: String, usesLibUV: Bool) {
        self.name = name
        self.usesLibUV = usesLibUV
        id = Self.lastID.withLock { last in
            last += 1
            return last
        }
        contextSlot.initialize(to: nil)
        LibWebSocketsLog.silenceLibWebSockets()
    }

    deinit {
        contextSlot.deallocate()
    }

    /// Starts the service thread and waits until the context exists (or could not be made).
    /// `willDestroy` runs on the service thread right before the context is destroyed, and
    /// `didDestroy` right after.
    package func start(
        makeContext: @escaping ContextFactory,
        willDestroy: @escaping @Sendable () -> Void,
        didDestroy: @escaping @Sendable () -> Void
    ) throws(TransportError) {
        let started = Locked<Result<Void, TransportError>?>(nil)
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            Thread.current.name = self.name  // set from inside, so the OS thread gets the name too
            self.serviceThread.withLock { $0 = (pthread_self(), Self.currentThreadID()) }
            let result = self.createContext(makeContext)
            started.withLock { $0 = result }
            ready.signal()
            guard case .success = result else {
                self.finish()
                return
            }
            self.serviceUntilStopped()
            willDestroy()
            self.cancelAllTimers()
            self.destroyContext()
            didDestroy()
            self.finish()
        }
        thread.name = name
        thread.start()
        ready.wait()
        if case .failure(let error) = started.withLock({ $0 }) {
            finished.wait()
            throw error
        }
    }

    /// The calling thread's kernel id: `/proc/thread-self` links to `<pid>/task/<tid>`.
    private static func currentThreadID() -> Int32? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self") else { return nil }
        return target.split(separator: "/").last.flatMap { Int32($0) }
    }

    /// True when called on this loop's service thread.
    package var isServiceThread: Bool {
        serviceThread.withLock { $0.map { pthread_equal($0.thread, pthread_self()) != 0 } ?? false }
    }

    /// Debug builds trap when called off the service thread: for the entry points of code whose
    /// state only the service thread may touch.
    package func assertServiceThread(file: StaticString = #file, line: UInt = #line) {
        assert(isServiceThread, "\(name): service-thread state touched on another thread", file: file, line: line)
    }

    /// Queues `work` for the service thread and wakes it. Work queued once the loop has
    /// stopped is dropped.
    package func execute(_ work: @escaping @Sendable () -> Void) {
        queuedWork.withLock { $0.append(work) }
        wake()
    }

    /// Wakes the service thread so it runs queued work (`lws_cancel_service`).
    private func wake() {
        state.withLock { state in
            // Under the lock, so the context cannot be destroyed while it is being woken.
            if case .running(let context) = state {
                lws_cancel_service(context)
            }
        }
    }

    /// Runs everything queued by ``execute(_:)``. Service thread, from `EVENT_WAIT_CANCELLED`.
    package func runQueuedWork() {
        while !stopRequested {
            let batch = queuedWork.withLock { work in
                defer { work.removeAll(keepingCapacity: true) }
                return work
            }
            if batch.isEmpty { return }
            for work in batch {
                work()
            }
        }
    }

    /// Ends the service loop after the current turn. Service thread.
    package func requestStop() {
        stopRequested = true
        uvLoop?.stop()
    }

    /// Blocks until the service thread has destroyed the context and ended.
    package func waitUntilFinished() {
        finished.wait()
        finished.signal()  // let every other waiter through too
    }

    // MARK: Timers

    /// Runs `work` on the service thread after `delay`. Service thread.
    package func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork {
        let scheduled = ScheduledWork(loop: self, work: work)
        guard let context, !stopRequested else {
            scheduled.cancel()
            return scheduled
        }
        timers[ObjectIdentifier(scheduled)] = scheduled
        let (seconds, attoseconds) = delay.components
        let microseconds = max(0, seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        lws_sul_schedule(context, 0, &scheduled.timer.pointee.sul, scheduledWorkIsDue, lws_usec_t(microseconds))
        return scheduled
    }

    /// Cancels a timer that has not fired. Service thread.
    func cancelTimer(_ work: ScheduledWork) {
        guard timers.removeValue(forKey: ObjectIdentifier(work)) != nil else { return }
        lws_sul_cancel(&work.timer.pointee.sul)
    }

    /// Forgets a timer that has fired. Service thread.
    func timerDidFire(_ work: ScheduledWork) {
        timers[ObjectIdentifier(work)] = nil
    }

    private func cancelAllTimers() {
        for work in Array(timers.values) {
            work.cancel()
        }
    }

    // MARK: Thread body

    private func createContext(_ makeContext: ContextFactory) -> Result<Void, TransportError> {
        var foreignLoop: UnsafeMutableRawPointer?
        if usesLibUV {
            do {
                let loop = try UVLoop()
                eventPipeGuard.noteEarlierEventFDs()
                uvLoop = loop
                foreignLoop = loop.pointer
            } catch {
                return .failure(error)
            }
        }
        switch makeContext(foreignLoop) {
        case .failure(let error):
            if let uvLoop, !uvLoop.close() {
                LibWebSocketsLog.report("\(name): libuv loop still had open handles after a failed start")
            }
            uvLoop = nil
            return .failure(error)
        case .success(let created):
            context = created
            contextSlot.pointee = created
            state.withLock { $0 = .running(context: created) }
            return .success(())
        }
    }

    /// The contract of the `pcontext` field: libwebsockets clears it when destruction completes.
    package var contextSlotForCreationInfo: UnsafeMutablePointer<OpaquePointer?> { contextSlot }

    private func serviceUntilStopped() {
        guard let context else { return }
        while !stopRequested {
            if let uvLoop {
                // Returns after `uv_stop` (requestStop), or with 0 once nothing is left to
                // watch, which cannot happen while the context's wake-up pipe is open.
                if uvLoop.run(.untilStopped) == 0 && !stopRequested {
                    LibWebSocketsLog.report("\(name): the libuv loop ran out of handles; stopping")
                    break
                }
            } else if lws_service(context, 0) < 0 {
                break
            }
            // Run work queued by a thread that raced with the wake-up.
            runQueuedWork()
        }
    }

    private func destroyContext() {
        state.withLock { state in
            if case .running = state { state = .stopping }
        }
        guard let context else { return }
        if let uvLoop {
            eventPipeGuard.prepare(epoll: uvLoop.backendDescriptor)
        }
        lws_context_destroy(context)
        eventPipeGuard.reserve()
        if let uvLoop {
            // On a foreign loop the first call only starts closing libuv handles; they finish
            // closing as the loop runs, and a second call frees the context.
            while contextSlot.pointee != nil && uvLoop.run(.noWait) != 0 {}
            if contextSlot.pointee != nil {
                lws_context_destroy(context)
            }
            eventPipeGuard.finish()
            if !uvLoop.close() {
                LibWebSocketsLog.report("\(name): libuv loop still had open handles after the context was destroyed")
            }
            self.uvLoop = nil
        }
        self.context = nil
        queuedWork.withLock { $0.removeAll() }
    }

    private func finish() {
        serviceThread.withLock { $0 = nil }
        state.withLock { $0 = .finished }
        finished.signal()
    }
}

/// The `sul_cb_t` of every ``ScheduledWork``.
private func scheduledWorkIsDue(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    guard let sul, let owner = focussync_timer_from_sul(sul).pointee.owner else { return }
    Unmanaged<ScheduledWork>.fromOpaque(owner).takeUnretainedValue().fire()
}
