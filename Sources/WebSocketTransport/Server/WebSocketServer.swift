/// A libwebsockets server: one context, one dedicated service thread, HTTP and WebSockets on one port.
///
/// All handler callbacks run on the service thread. Other threads hand work to it with
/// ``execute(_:)``, which queues the closure and wakes the loop with `lws_cancel_service`.
public final class WebSocketServer: @unchecked Sendable {
    public let configuration: WebSocketServerConfiguration

    /// The bound port (the kernel's choice when the configuration asked for 0). Valid after `start()`.
    public private(set) var port: Int = 0

    /// Number of open WebSocket connections. Safe to read from any thread.
    public var connectionCount: Int { 0 /* CONTRACT STUB */ }

    public init(configuration: WebSocketServerConfiguration, handler: any WebSocketServerHandler) {
        self.configuration = configuration
    }

    /// Creates the context, binds, and starts the service thread.
    public func start() throws(TransportError) { /* CONTRACT STUB */ }

    /// Runs `work` on the service thread. Callable from any thread, including the service thread.
    public func execute(_ work: @escaping @Sendable () -> Void) { /* CONTRACT STUB */ }

    /// Runs `work` on the service thread after `delay`. Cancel it with the returned timer.
    /// Call on the service thread.
    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork {
        ScheduledWork() /* CONTRACT STUB */
    }

    /// Stops accepting, closes every WebSocket with 1001, stops the service thread and returns
    /// once it has finished (within about a second). Callable from any thread but the service thread.
    public func shutdown() { /* CONTRACT STUB */ }
}

/// A piece of work scheduled with ``WebSocketServer/schedule(after:_:)``. Use on the service thread.
public final class ScheduledWork: @unchecked Sendable {
    init() {}
    /// Cancels the work if it has not run yet.
    public func cancel() { /* CONTRACT STUB */ }
}
