import CLibWebSockets

/// A piece of work scheduled with ``WebSocketServer/schedule(after:_:)`` (or
/// ``WebSocketClientLoop/schedule(after:_:)``). Use on the service thread.
///
/// `@unchecked Sendable`: created, fired and cancelled on the service thread only.
public final class ScheduledWork: @unchecked Sendable {
    /// The libwebsockets timer (`lws_sorted_usec_list_t`) plus a pointer back to this object.
    let timer: UnsafeMutablePointer<focussync_timer>
    private weak var loop: ServiceLoop?
    private var work: (() -> Void)?

    init(loop: ServiceLoop, work: @escaping () -> Void) {
        self.loop = loop
        self.work = work
        timer = .allocate(capacity: 1)
        timer.initialize(to: focussync_timer())
        timer.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        timer.deallocate()
    }

    /// Cancels the work if it has not run yet.
    public func cancel() {
        guard work != nil else { return }
        work = nil
        loop?.cancelTimer(self)
    }

    func fire() {
        guard let work else { return }
        self.work = nil
        loop?.timerDidFire(self)
        work()
    }
}
