import Locking

/// A ``WebSocketServer``'s service thread as the server's handler uses it: run work there,
/// schedule timers, read the connection and descriptor counters.
///
/// Made before the server, so the handler can be given it when the handler is made and the
/// server after it (`WebSocketServer(on:handler:)`): it holds neither the server nor the
/// handler, so a handler keeps it strongly without a cycle, and nothing is wired up later.
public final class ServiceThread: Sendable {
    /// The configuration the server on this thread runs with.
    public let configuration: WebSocketServerConfiguration
    let loop: ServiceLoop
    /// Open WebSocket connections the handler has been told of.
    let openConnections = Locked(0)
    /// Whether accepting is paused for want of descriptors, and how often it paused.
    let descriptorExhaustion = Locked(DescriptorExhaustion())

    /// The service thread of a server with `configuration`; it starts with the server.
    public init(configuration: WebSocketServerConfiguration) {
        self.configuration = configuration
        loop = ServiceLoop(name: "lws-server", usesLibUV: configuration.useLibUV)
    }

    /// Number of open WebSocket connections the handler has been told of (counted after its
    /// open callback returns and uncounted after its close callback returns). Safe to read from any thread.
    public var connectionCount: Int { openConnections.withLock { $0 } }

    /// True from the moment an `accept` failed for want of descriptors (the process's limit, the
    /// system's, or libwebsockets' table) until one succeeds again; meanwhile accepting pauses
    /// for a moment at a time and new connections wait in the kernel's backlog. Safe to read
    /// from any thread (for a health check).
    public var isOutOfDescriptors: Bool { descriptorExhaustion.withLock { $0.isOutOfDescriptors } }

    /// How many times accepting paused for want of descriptors since the server started.
    /// Safe to read from any thread.
    public var acceptPausesForDescriptors: Int { descriptorExhaustion.withLock { $0.pauses } }

    /// True when called on the service thread (inside handler callbacks and executed work).
    public var isCurrent: Bool { loop.isServiceThread }

    /// Runs `work` on the service thread. Callable from any thread, including the service thread
    /// (the work then runs later, not inside the caller). Work queued after shutdown is dropped.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        loop.execute(work)
    }

    /// Runs `work` on the service thread after `delay`. Cancel it with the returned timer.
    /// Call on the service thread.
    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork {
        loop.schedule(after: delay, work)
    }
}
