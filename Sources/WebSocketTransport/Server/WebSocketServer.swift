import Locking

/// A libwebsockets server: one context, one dedicated service thread, HTTP and WebSockets on one port.
///
/// All handler callbacks run on the service thread. Other threads hand work to it with
/// ``execute(_:)``, which queues the closure and wakes the loop with `lws_cancel_service`.
///
/// Signals: the server never handles them. With ``WebSocketServerConfiguration/useLibUV`` the
/// transport runs libwebsockets on a libuv loop it owns (a "foreign" loop to libwebsockets),
/// and libwebsockets 4.1.6 only installs its SIGINT/SIGTERM watchers on loops it creates
/// itself; the poll loop installs none. The application decides what a signal does and calls
/// ``shutdown()``.
///
/// `@unchecked Sendable`: `port` is written once by `start()` before the server is shared;
/// everything else is immutable, locked, or confined to the service thread.
public final class WebSocketServer: @unchecked Sendable {
    public let configuration: WebSocketServerConfiguration

    /// The bound port (the kernel's choice when the configuration asked for 0). Valid after `start()`.
    public private(set) var port: Int = 0

    /// The service thread, which the handler may keep (see ``ServiceThread``).
    public let serviceThread: ServiceThread

    /// See ``ServiceThread/connectionCount``.
    public var connectionCount: Int { serviceThread.connectionCount }

    private let core: ServerCore
    private let lifecycle = Locked(Lifecycle.created)

    private enum Lifecycle {
        case created, running, stopping, stopped
    }

    /// A server on `serviceThread`, with its configuration, calling `handler`.
    public init(on serviceThread: ServiceThread, handler: any WebSocketServerHandler) {
        self.serviceThread = serviceThread
        configuration = serviceThread.configuration
        core = ServerCore(serviceThread: serviceThread, handler: handler)
    }

    /// A server on a service thread of its own, for a handler that does not need the thread
    /// before the server exists.
    public convenience init(configuration: WebSocketServerConfiguration, handler: any WebSocketServerHandler) {
        self.init(on: ServiceThread(configuration: configuration), handler: handler)
    }

    deinit {
        // Without shutdown() the service thread keeps the core alive; end it without waiting.
        if lifecycle.withLock({ $0 == .running }) {
            let core = core
            core.loop.execute { core.beginShutdown() }
        }
    }

    /// Creates the context, binds, and starts the service thread.
    ///
    /// Throws ``TransportError/portInUse(_:)`` when another socket listens on the port, and
    /// ``TransportError/cannotListen(host:port:reason:)`` for every other failure.
    public func start() throws(TransportError) {
        let canStart = lifecycle.withLock { state in
            guard state == .created else { return false }
            state = .running
            return true
        }
        guard canStart else {
            throw .cannotListen(host: configuration.host, port: configuration.port, reason: "the server was already started")
        }
        if configuration.raisesDescriptorLimit, let raised = DescriptorLimit.raiseSoftToHard() {
            core.log("raised the open-descriptor limit (RLIMIT_NOFILE) from \(raised.from) to \(raised.to)")
        }
        let listener: ListeningSocket
        do throws(TransportError) {
            guard ReceiveTap.isInterposing else {
                throw TransportError.cannotListen(
                    host: configuration.host, port: configuration.port,
                    reason:
                        "the receive tap is not in effect: the executable must link the CReceiveTap target so that it exports recv and close"
                )
            }
            listener = try ListeningSocket.open(host: configuration.host, port: configuration.port)
            let core = core
            try core.loop.start(
                makeContext: { core.makeContext(foreignLoop: $0, listener: listener) },
                willDestroy: { core.contextWillBeDestroyed() },
                didDestroy: { core.contextWasDestroyed() })
        } catch {
            lifecycle.withLock { $0 = .stopped }
            throw error
        }
        port = listener.port
        core.log("listening on \(configuration.host):\(port) (\(configuration.useLibUV ? "libuv" : "poll") loop)")
    }

    /// The kernel thread id of the service thread, once started.
    var serviceThreadID: Int32? { core.loop.threadID }

    /// See ``ServiceThread/isOutOfDescriptors``.
    public var isOutOfDescriptors: Bool { serviceThread.isOutOfDescriptors }

    /// See ``ServiceThread/acceptPausesForDescriptors``.
    public var acceptPausesForDescriptors: Int { serviceThread.acceptPausesForDescriptors }

    /// See ``ServiceThread/isCurrent``.
    public var isServiceThread: Bool { serviceThread.isCurrent }

    /// See ``ServiceThread/execute(_:)``.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        serviceThread.execute(work)
    }

    /// See ``ServiceThread/schedule(after:_:)``.
    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork {
        serviceThread.schedule(after: delay, work)
    }

    /// Stops accepting, closes every WebSocket with 1001, stops the service thread and returns
    /// once it has finished (within about a second). Callable from any thread but the service
    /// thread; called there, it starts the shutdown and returns without waiting. Idempotent.
    public func shutdown() {
        let wasRunning = lifecycle.withLock { state in
            guard state == .running else { return false }
            state = .stopping
            return true
        }
        if wasRunning {
            let core = core
            core.loop.execute { core.beginShutdown() }
        }
        guard lifecycle.withLock({ $0 != .created && $0 != .stopped }), !core.loop.isServiceThread else { return }
        core.loop.waitUntilFinished()
        lifecycle.withLock { $0 = .stopped }
    }
}
