import CLibWebSockets
import Foundation
import Locking
import WebSocketTransport

/// A libwebsockets client context on its own service thread, driving any number of client
/// connections with callbacks and no async machinery (tests use the shared loop through
/// ``WebSocketClient``; a load generator can run thousands of connections on one loop).
///
/// Connections are created and driven on the service thread; their events arrive there, in
/// the `onEvent` closure given to ``connect(host:port:path:subprotocol:origin:onEvent:)``.
///
/// `@unchecked Sendable`: the connection table is confined to the service thread; the rest is
/// immutable or locked.
public final class WebSocketClientLoop: @unchecked Sendable {
    let loop: ServiceLoop
    /// Connections that have not reported their last event yet. Service thread.
    private var connections: [UInt64: WebSocketClientConnection] = [:]
    private var isStopping = false

    // libwebsockets keeps pointers to these for the context's lifetime.
    private let protocols: UnsafeMutablePointer<lws_protocols>
    private let protocolName: UnsafeMutablePointer<CChar>

    private static let sharedLoop = Locked<WebSocketClientLoop?>(nil)

    /// The process-wide loop (libuv), started on first use and never shut down.
    public static var shared: WebSocketClientLoop {
        get throws(TransportError) {
            try sharedLoop.withLock { shared -> Result<WebSocketClientLoop, TransportError> in
                if let shared { return .success(shared) }
                do throws(TransportError) {
                    let created = try WebSocketClientLoop()
                    shared = created
                    return .success(created)
                } catch {
                    return .failure(error)
                }
            }.get()
        }
    }

    /// Starts a client loop on libuv (epoll) or on libwebsockets' `poll()` loop. Raise
    /// `maxDescriptors` (and `ulimit -n`) for thousands of connections.
    public init(useLibUV: Bool = true, maxDescriptors: Int? = nil) throws(TransportError) {
        loop = ServiceLoop(name: "lws-client", usesLibUV: useLibUV)
        protocolName = strdup("focus-sync-client")!
        protocols = .allocate(capacity: 2)
        protocols.initialize(
            to: lws_protocols(
                name: protocolName, callback: clientCallback, per_session_data_size: 0,
                rx_buffer_size: 0, id: 0, user: nil, tx_packet_size: 0))
        (protocols + 1).initialize(to: lws_protocols())
        try loop.start(
            makeContext: { [unowned self] in makeContext(foreignLoop: $0, maxDescriptors: maxDescriptors) },
            willDestroy: { [unowned self] in isStopping = true },
            didDestroy: { [unowned self] in
                for connection in Array(connections.values) {
                    connection.finish(.closed(nil))
                }
            })
    }

    deinit {
        protocols.deallocate()
        free(protocolName)
    }

    /// Creates the client context on the service thread.
    private func makeContext(foreignLoop: UnsafeMutableRawPointer?, maxDescriptors: Int?) -> Result<OpaquePointer, TransportError>
    {
        var info = lws_context_creation_info()
        info.port = CONTEXT_PORT_NO_LISTEN
        // Send `Origin` as given (libwebsockets would otherwise prefix "http://").
        info.options = UInt64(LWS_SERVER_OPTION_JUST_USE_RAW_ORIGIN)
        info.protocols = UnsafePointer(protocols)
        info.user = Unmanaged.passUnretained(self).toOpaque()
        info.pcontext = loop.contextSlotForCreationInfo
        if let maxDescriptors {
            info.fd_limit_per_thread = UInt32(clamping: maxDescriptors)
        }
        var foreignLoops = [foreignLoop]
        let context = foreignLoops.withUnsafeMutableBufferPointer { loops in
            if foreignLoop != nil {
                info.options |= UInt64(LWS_SERVER_OPTION_LIBUV)
                info.foreign_loops = loops.baseAddress
            }
            return lws_create_context(&info)
        }
        guard let context else {
            return .failure(.connectionFailed("libwebsockets could not create the client context"))
        }
        return .success(context)
    }

    /// Opens a WebSocket connection. Callable from any thread; the handshake and every event
    /// happen on the service thread, where `onEvent` is called with the connection and the
    /// event: first `.opened` or `.failed`, then any number of `.text`, then one `.closed`.
    ///
    /// `subprotocol` nil sends no `Sec-WebSocket-Protocol`; `origin` nil sends no `Origin`.
    @discardableResult
    public func connect(
        host: String = "127.0.0.1", port: Int, path: String = "/ws",
        subprotocol: String? = "focus-sync.v1", origin: String? = nil,
        onEvent: @escaping @Sendable (WebSocketClientConnection, WebSocketClientConnection.Event) -> Void
    ) -> WebSocketClientConnection {
        let connection = WebSocketClientConnection(loop: self, onEvent: onEvent)
        let target = WebSocketClientConnection.Target(
            host: host, port: port, path: path, subprotocol: subprotocol, origin: origin)
        perform { [self] in open(connection, to: target) }
        return connection
    }

    /// True on the service thread (inside `onEvent` and executed work).
    public var isServiceThread: Bool { loop.isServiceThread }

    /// Runs `work` on the service thread. Callable from any thread.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        loop.execute(work)
    }

    /// Runs `work` on the service thread after `delay`. Call on the service thread.
    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork {
        loop.schedule(after: delay, work)
    }

    /// Drops every connection (each reports `.closed(nil)`) and stops the service thread.
    /// Call from another thread; not for ``shared``.
    public func shutdown() {
        loop.execute { [self] in loop.requestStop() }
        loop.waitUntilFinished()
    }

    /// Runs `work` now when on the service thread, otherwise queues it there.
    func perform(_ work: @escaping @Sendable () -> Void) {
        if loop.isServiceThread {
            work()
        } else {
            loop.execute(work)
        }
    }

    /// Forgets a connection that reported its last event. Service thread.
    func forget(_ connection: WebSocketClientConnection) {
        connections[connection.id] = nil
    }

    private func open(_ connection: WebSocketClientConnection, to target: WebSocketClientConnection.Target) {
        guard let context = loop.context, !isStopping else {
            connection.finish(.failed(.connectionFailed("the client loop has stopped")))
            return
        }
        connections[connection.id] = connection
        let strings = [target.host, target.path, "\(target.host):\(target.port)", target.origin, target.subprotocol]
            .map { $0.map { strdup($0)! } }
        defer { for string in strings { free(string) } }
        var info = lws_client_connect_info()
        info.context = context
        info.address = UnsafePointer(strings[0])
        info.port = Int32(target.port)
        info.path = UnsafePointer(strings[1])
        info.host = UnsafePointer(strings[2])
        info.origin = UnsafePointer(strings[3])
        info.protocol = UnsafePointer(strings[4])
        info.local_protocol_name = UnsafePointer(protocolName)
        info.opaque_user_data = Unmanaged.passUnretained(connection).toOpaque()
        if lws_client_connect_via_info(&info) == nil {
            connection.finish(
                .failed(.connectionFailed("libwebsockets could not start connecting to \(target.host):\(target.port)")))
        }
    }

    /// The client protocol's events for one connection. Service thread.
    fileprivate func handle(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons,
        _ input: UnsafeMutableRawPointer?, _ length: Int
    ) -> Int32 {
        if reason == LWS_CALLBACK_EVENT_WAIT_CANCELLED {
            loop.runQueuedWork()
            return 0
        }
        guard let opaque = lws_get_opaque_user_data(wsi) else { return 0 }
        let connection = Unmanaged<WebSocketClientConnection>.fromOpaque(opaque).takeUnretainedValue()
        switch reason {
        case LWS_CALLBACK_CLIENT_FILTER_PRE_ESTABLISH:
            // The response headers are still readable here, not in ESTABLISHED.
            connection.acceptedSubprotocol = RequestReader.header(wsi, WSI_TOKEN_PROTOCOL)
        case LWS_CALLBACK_CLIENT_ESTABLISHED:
            connection.didOpen(wsi)
        case LWS_CALLBACK_CLIENT_RECEIVE:
            connection.receive(wsi, UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length))
        case LWS_CALLBACK_CLIENT_WRITEABLE:
            return connection.writeNext(wsi)
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            connection.peerDidClose(code: CloseFrame.code(in: input, length: length))
        case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
            let status = Int(lws_http_client_http_response(wsi))
            let message = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "unknown error"
            lws_set_opaque_user_data(wsi, nil)
            connection.finish(
                .failed(
                    .connectionFailed(
                        status > 0 && status != 101
                            ? "the server refused the WebSocket upgrade with HTTP \(status)"
                            : "cannot connect: \(message)")))
        case LWS_CALLBACK_CLIENT_CLOSED, LWS_CALLBACK_WSI_DESTROY:
            lws_set_opaque_user_data(wsi, nil)
            connection.finish(.closed(connection.receivedCloseCode))
        default:
            break
        }
        return 0
    }
}

/// The client protocol's `lws_callback_function`.
private func clientCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let owner = lws_context_user(lws_get_context(wsi)) else { return 0 }
    return Unmanaged<WebSocketClientLoop>.fromOpaque(owner).takeUnretainedValue().handle(wsi, reason, input, length)
}
