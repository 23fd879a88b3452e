import CLibWebSockets
import Foundation
import Locking

/// The service-thread side of a ``WebSocketServer``: the libwebsockets context, what its two
/// protocol callbacks do, and the tables of open connections and HTTP exchanges.
///
/// The context has two protocols: index 0 (`http`) gets every plain HTTP request and decides
/// upgrades; index 1, named after the configured subprotocol, carries the WebSockets.
///
/// `@unchecked Sendable`: apart from the `let`s and the locked counters, everything is confined
/// to the service thread; every entry point (the protocol callbacks, shutdown, the context's
/// life) checks that in debug builds.
final class ServerCore: @unchecked Sendable {
    let configuration: WebSocketServerConfiguration
    let handler: any WebSocketServerHandler
    let loop: ServiceLoop
    /// Open WebSocket connections, readable from any thread.
    let openConnections: Locked<Int>
    // Service thread (see the extensions for HTTP and WebSockets).
    let acceptor: Acceptor
    /// The keepalive PINGs of every WebSocket, on one timer.
    let keepalive: KeepaliveScheduler
    /// Trims the heap after handshakes and closes.
    let heapReturn: HeapReturn
    var connections: [OpaquePointer: WebSocketConnection] = [:]
    var exchanges: [OpaquePointer: ServerHTTPExchange] = [:]
    /// Set in `HTTP_CONFIRM_UPGRADE` and taken in `ESTABLISHED`, which libwebsockets calls
    /// for the same wsi in the same turn when the upgrade succeeds.
    var acceptedUpgrade: (wsi: OpaquePointer, request: HTTPRequest)?
    private(set) var isShuttingDown = false
    /// `LWS_PRE` headroom plus one HTTP body chunk.
    let httpChunk: UnsafeMutableRawPointer

    // libwebsockets keeps pointers to these for the context's lifetime.
    private let protocols: UnsafeMutablePointer<lws_protocols>
    private let cStrings: [UnsafeMutablePointer<CChar>]
    private let retryPolicy: UnsafeMutablePointer<lws_retry_bo_t>
    /// Per-vhost protocol options: [0] names the WebSocket protocol, [1] marks it "default", so
    /// an upgrade that offers no subprotocol is bound to it (used when none is required).
    private let protocolOptions: UnsafeMutablePointer<lws_protocol_vhost_options>

    /// HTTP response bodies go out in pieces of this size, one per writeable callback.
    static let httpChunkBytes = 16 * 1024
    /// Give WebSockets this long to finish their closing handshakes during shutdown.
    static let shutdownGrace = Duration.seconds(1)
    /// libwebsockets' per-thread read buffer and header storage: room for a request head of
    /// ``Acceptor/maxHeadBytes`` (the receive tap hands libwebsockets a whole head at once).
    static let readBufferBytes = 16 * 1024
    /// Each WebSocket's receive buffer, which libwebsockets allocates when a connection opens and
    /// keeps until it closes (by default sized like the per-thread read buffer above): with the
    /// connection structures around it, the largest part of an idle connection's memory. It also
    /// caps what one read takes from the socket, so it holds a typical client message (an intent
    /// is 80–150 bytes, a `hello` about 100) and every control frame (at most 125 bytes) whole; a
    /// larger message arrives over several reads, its frames in pieces that ``MessageAssembler``
    /// joins.
    static let webSocketReceiveBufferBytes = 256
    /// The most one `lws_write` hands the kernel at once: a whole frame of
    /// ``WebSocketConnection/maxFrameBytes``. Left at 0, libwebsockets would cap every write at
    /// the receive buffer's size and buffer the rest of the frame on the heap, to be sent on a
    /// later turn of the loop.
    static let webSocketSendBytes = WebSocketConnection.maxFrameBytes

    init(serviceThread: ServiceThread, handler: any WebSocketServerHandler) {
        let configuration = serviceThread.configuration
        self.configuration = configuration
        self.handler = handler
        loop = serviceThread.loop
        openConnections = serviceThread.openConnections
        acceptor = Acceptor(loop: loop, configuration: configuration, exhaustion: serviceThread.descriptorExhaustion)
        keepalive = KeepaliveScheduler(configuration: configuration, loop: loop)
        heapReturn = HeapReturn(loop: loop)
        httpChunk = .allocate(byteCount: OutboundMessage.headroom + Self.httpChunkBytes, alignment: 16)

        let httpName = strdup("http")!
        let webSocketName = strdup(configuration.subprotocol)!
        let defaultOption = strdup("default")!
        let emptyValue = strdup("")!
        cStrings = [httpName, webSocketName, defaultOption, emptyValue]
        protocolOptions = .allocate(capacity: 2)
        (protocolOptions + 1).initialize(
            to: lws_protocol_vhost_options(next: nil, options: nil, name: defaultOption, value: emptyValue))
        protocolOptions.initialize(
            to: lws_protocol_vhost_options(next: nil, options: protocolOptions + 1, name: webSocketName, value: emptyValue))
        protocols = .allocate(capacity: 3)
        protocols.initialize(
            to: lws_protocols(
                name: httpName, callback: serverHTTPCallback, per_session_data_size: 0,
                rx_buffer_size: 0, id: 0, user: nil, tx_packet_size: 0))
        (protocols + 1).initialize(
            to: lws_protocols(
                name: webSocketName, callback: serverWebSocketCallback, per_session_data_size: 0,
                rx_buffer_size: Self.webSocketReceiveBufferBytes, id: 0, user: nil, tx_packet_size: Self.webSocketSendBytes))
        (protocols + 2).initialize(to: lws_protocols())
        // libwebsockets' own keepalive is off (a zero hang-up time disables it); see
        // KeepaliveScheduler.
        retryPolicy = .allocate(capacity: 1)
        retryPolicy.initialize(
            to: lws_retry_bo_t(
                retry_ms_table: nil, retry_ms_table_count: 0, conceal_count: 0,
                secs_since_valid_ping: 0, secs_since_valid_hangup: 0, jitter_percent: 0))
    }

    deinit {
        httpChunk.deallocate()
        protocols.deallocate()
        retryPolicy.deallocate()
        protocolOptions.deallocate()
        for string in cStrings { free(string) }
    }

    static func owning(_ wsi: OpaquePointer) -> ServerCore? {
        guard let user = lws_context_user(lws_get_context(wsi)) else { return nil }
        return Unmanaged<ServerCore>.fromOpaque(user).takeUnretainedValue()
    }

    func log(_ line: String) {
        configuration.log?(line)
    }

    // MARK: Context

    /// Creates the context on the service thread, a server context that does not listen itself:
    /// libwebsockets watches `listener` and the transport accepts (see ``ListeningSocket``).
    func makeContext(foreignLoop: UnsafeMutableRawPointer?, listener: ListeningSocket) -> Result<OpaquePointer, TransportError> {
        loop.assertServiceThread()
        var info = lws_context_creation_info()
        info.port = CONTEXT_PORT_NO_LISTEN_SERVER
        info.protocols = UnsafePointer(protocols)
        info.user = Unmanaged.passUnretained(self).toOpaque()
        info.retry_and_idle_policy = UnsafePointer(retryPolicy)
        info.pcontext = loop.contextSlotForCreationInfo
        // No LWS_SERVER_OPTION_VALIDATE_UTF8: text is checked once, by the transport
        // (MessageAssembler, and close reasons in WebSocketConnection.peerDidClose).
        info.options = 0
        if !configuration.requiresSubprotocol {
            info.pvo = UnsafePointer(protocolOptions)
        }
        if foreignLoop != nil {
            info.options |= UInt64(LWS_SERVER_OPTION_LIBUV)
        }
        if let maxDescriptors = configuration.maxDescriptors {
            info.fd_limit_per_thread = UInt32(clamping: maxDescriptors)
        }
        // Request heads up to ``maxHeadBytes`` must fit both the buffer libwebsockets reads
        // into (with room for the receive tap's substitute head) and its header storage.
        info.pt_serv_buf_size = UInt32(Self.readBufferBytes)
        info.max_http_header_data = UInt16(Self.readBufferBytes)
        var foreignLoops = [foreignLoop]
        let context = foreignLoops.withUnsafeMutableBufferPointer { loops in
            if foreignLoop != nil {
                info.foreign_loops = loops.baseAddress
            }
            return lws_create_context(&info)
        }
        guard let context else {
            return .failure(
                .cannotListen(
                    host: configuration.host, port: configuration.port,
                    reason: "libwebsockets could not create the listening context"
                        + (configuration.useLibUV ? " (with useLibUV it needs the libwebsockets-evlib-uv package)" : "")))
        }
        guard let vhost = lws_get_vhost_by_name(context, "default"),
            acceptor.start(listener, vhost: vhost, protocolName: cStrings[0])
        else {
            lws_context_destroy(context)
            return .failure(
                .cannotListen(
                    host: configuration.host, port: configuration.port,
                    reason: "libwebsockets could not watch the listening socket"))
        }
        return .success(context)
    }

    /// The loop has stopped; the context is about to be destroyed. Service thread.
    func contextWillBeDestroyed() {
        loop.assertServiceThread()
        isShuttingDown = true
    }

    /// libwebsockets reports `CLOSED` for the connections it tears down with the context;
    /// anything it did not report is closed here so every connection is closed exactly once.
    func contextWasDestroyed() {
        loop.assertServiceThread()
        acceptor.forget()
        for wsi in Array(connections.keys) {
            connectionClosed(wsi)
        }
        exchanges.removeAll()
        acceptedUpgrade = nil
    }

    // MARK: Shutdown

    /// Stops accepting, closes every WebSocket with 1001 and stops the loop once they are gone
    /// or after ``shutdownGrace``. Service thread.
    func beginShutdown() {
        loop.assertServiceThread()
        guard !isShuttingDown else { return }
        isShuttingDown = true
        acceptor.stop()
        guard !connections.isEmpty else {
            loop.requestStop()
            return
        }
        log("shutting down: closing \(connections.count) WebSocket connection(s)")
        for connection in connections.values {
            connection.close(code: .goingAway, reason: "server is shutting down", flush: false)
        }
        _ = loop.schedule(after: Self.shutdownGrace) { [self] in
            log("shutting down: \(connections.count) connection(s) did not finish closing in time")
            loop.requestStop()
        }
    }
}

/// Protocol 0's `lws_callback_function`.
private func serverHTTPCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let core = ServerCore.owning(wsi) else { return 0 }
    return core.http(wsi, reason, user, input, length)
}

/// Protocol 1's `lws_callback_function`.
private func serverWebSocketCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let core = ServerCore.owning(wsi) else { return 0 }
    return core.webSocket(wsi, reason, input, length)
}
