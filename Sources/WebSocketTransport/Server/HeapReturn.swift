import CLinuxEvents

/// Gives the memory that handshakes and closed connections leave behind back to the system.
///
/// libwebsockets holds a 16 KiB header table for each HTTP request or WebSocket handshake in
/// flight and frees it when the request is answered or the upgrade is done. malloc keeps those
/// blocks among the small, long-lived allocations of the connections opened meanwhile, below
/// the top of the heap, where its own trimming never reaches: after a burst of joins they stayed
/// resident, about 1 KB per idle connection. `malloc_trim(0)` hands the whole pages inside free
/// blocks back (`madvise`), wherever they are; so it does for the holes closed connections
/// leave. It walks every free block, so it runs once ``delay`` after the first handshake or
/// close since the last trim, not once for each.
///
/// Service thread only.
final class HeapReturn {
    private let loop: ServiceLoop
    private var pending: ScheduledWork?

    /// How long after a handshake finishes (or a connection closes) the heap is trimmed: the
    /// rest of a burst happens meanwhile and shares the walk.
    static let delay = Duration.milliseconds(500)

    init(loop: ServiceLoop) {
        self.loop = loop
    }

    /// A handshake (an HTTP request, a WebSocket upgrade) finished and its header table is free,
    /// or a connection closed.
    func blocksFreed() {
        guard pending == nil else { return }
        pending = loop.schedule(after: Self.delay) { [self] in
            pending = nil
            _ = malloc_trim(0)
        }
    }
}
