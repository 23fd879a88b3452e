import CLibWebSockets
import Foundation
import TransportWire

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
    let openConnections = Locked(0)
    /// Whether accepting is paused for want of descriptors, and how often it paused.
    let descriptorExhaustion = Locked(DescriptorExhaustion())

    // Service thread.
    private var listener: ListeningSocket?
    /// libwebsockets watches the listening socket for the transport as a raw file descriptor.
    private var listenerWsi: OpaquePointer?
    private var vhost: OpaquePointer?
    private var acceptIsPaused = false
    private var connections: [OpaquePointer: WebSocketConnection] = [:]
    private var exchanges: [OpaquePointer: HTTPExchange] = [:]
    /// Set in `HTTP_CONFIRM_UPGRADE` and taken in `ESTABLISHED`, which libwebsockets calls
    /// for the same wsi in the same turn when the upgrade succeeds.
    private var acceptedUpgrade: (wsi: OpaquePointer, request: HTTPRequest)?
    private(set) var isShuttingDown = false
    /// `LWS_PRE` headroom plus one HTTP body chunk.
    private let httpChunk: UnsafeMutableRawPointer
    /// The keepalive PINGs of every WebSocket, on one timer.
    private var keepalive: KeepaliveWheel<WebSocketConnection>
    private var keepaliveTimer: ScheduledWork?
    private let keepaliveTick: Duration
    private let keepaliveEpoch = ContinuousClock.now
    /// `LWS_PRE` headroom and the payload of the keepalive PING: its own buffer, never the one
    /// libwebsockets keeps a PONG in.
    private let pingFrame: UnsafeMutableRawPointer
    /// A keepalive PING carries the current tick. Not empty: libwebsockets 4.1.6 reports no
    /// `LWS_CALLBACK_RECEIVE_PONG` for an empty PONG, so an empty PING could never be answered.
    private static let pingPayloadBytes = 8

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
    /// Out of descriptors, accepting pauses this long before it tries again.
    static let acceptPause = Duration.milliseconds(200)
    /// Connections accepted per wake-up of the listening socket, so a flood of connects does not
    /// starve the connections already open.
    static let acceptsPerWakeup = 64
    /// libwebsockets' per-thread read buffer and header storage.
    static let readBufferBytes = 16 * 1024
    /// The largest request head served (cookies included); larger ones get 400.
    static let maxHeadBytes = 15 * 1024
    /// Each WebSocket's receive buffer (by default libwebsockets would size it like the
    /// per-thread read buffer above, for every connection).
    static let webSocketReceiveBufferBytes = 4096

    init(configuration: WebSocketServerConfiguration, handler: any WebSocketServerHandler) {
        self.configuration = configuration
        self.handler = handler
        loop = ServiceLoop(name: "lws-server", usesLibUV: configuration.useLibUV)
        httpChunk = .allocate(byteCount: OutboundMessage.headroom + Self.httpChunkBytes, alignment: 16)

        let httpName = strdup("http")!
        let webSocketName = strdup(configuration.subprotocol)!
        let defaultOption = strdup("default")!
        let emptyValue = strdup("")!
        cStrings = [httpName, webSocketName, defaultOption, emptyValue]
        protocolOptions = .allocate(capacity: 2)
        (protocolOptions + 1).initialize(to: lws_protocol_vhost_options(next: nil, options: nil, name: defaultOption, value: emptyValue))
        protocolOptions.initialize(to: lws_protocol_vhost_options(next: nil, options: protocolOptions + 1, name: webSocketName, value: emptyValue))
        protocols = .allocate(capacity: 3)
        protocols.initialize(to: lws_protocols(
            name: httpName, callback: serverHTTPCallback, per_session_data_size: 0,
            rx_buffer_size: 0, id: 0, user: nil, tx_packet_size: 0))
        (protocols + 1).initialize(to: lws_protocols(
            name: webSocketName, callback: serverWebSocketCallback, per_session_data_size: 0,
            rx_buffer_size: Self.webSocketReceiveBufferBytes, id: 0, user: nil, tx_packet_size: 0))
        (protocols + 2).initialize(to: lws_protocols())
        // libwebsockets' own keepalive is off (a zero hang-up time disables it): in 4.1.6 it
        // writes its PING payload into the buffer that holds a PONG still owed to the client.
        // The transport sends its keepalive PINGs itself (see KeepaliveWheel).
        retryPolicy = .allocate(capacity: 1)
        retryPolicy.initialize(to: lws_retry_bo_t(
            retry_ms_table: nil, retry_ms_table_count: 0, conceal_count: 0,
            secs_since_valid_ping: 0, secs_since_valid_hangup: 0, jitter_percent: 0))
        pingFrame = .allocate(byteCount: OutboundMessage.headroom + Self.pingPayloadBytes, alignment: 16)
        let interval = Duration.seconds(Int(configuration.pingAfterSeconds))
        keepaliveTick = min(.seconds(1), max(.milliseconds(100), interval / 10))
        keepalive = KeepaliveWheel(
            pingAfter: Int((interval / keepaliveTick).rounded(.up)),
            hangUpAfter: Int((Duration.seconds(Int(configuration.hangupSeconds)) / keepaliveTick).rounded(.up)),
            now: 0)
    }

    deinit {
        pingFrame.deallocate()
        httpChunk.deallocate()
        protocols.deallocate()
        retryPolicy.deallocate()
        protocolOptions.deallocate()
        cStrings.forEach { free($0) }
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
            return .failure(.cannotListen(
                host: configuration.host, port: configuration.port,
                reason: "libwebsockets could not create the listening context"
                    + (configuration.useLibUV ? " (with useLibUV it needs the libwebsockets-evlib-uv package)" : "")))
        }
        vhost = lws_get_vhost_by_name(context, "default")
        listenerWsi = vhost.flatMap { vhost in
            lws_adopt_descriptor_vhost(vhost, LWS_ADOPT_RAW_FILE_DESC, lws_sock_file_fd_type(filefd: listener.descriptor), cStrings[0], nil)
        }
        guard listenerWsi != nil else {
            lws_context_destroy(context)
            return .failure(.cannotListen(
                host: configuration.host, port: configuration.port,
                reason: "libwebsockets could not watch the listening socket"))
        }
        self.listener = listener
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
        listener = nil
        listenerWsi = nil
        vhost = nil
        for wsi in Array(connections.keys) {
            connectionClosed(wsi)
        }
        exchanges.removeAll()
        acceptedUpgrade = nil
    }

    // MARK: Keepalive

    /// The keepalive wheel's current tick.
    private var keepaliveNow: Int {
        Int(keepaliveEpoch.duration(to: .now) / keepaliveTick)
    }

    private var keepaliveEnabled: Bool { configuration.pingAfterSeconds > 0 && configuration.hangupSeconds > 0 }

    /// The keepalive state of a connection opening now. Service thread.
    func keepaliveState(forConnection id: UInt64) -> KeepaliveState {
        KeepaliveState(openedAt: keepaliveNow, jitter: keepalive.jitter(for: id))
    }

    private func watch(_ connection: WebSocketConnection) {
        guard keepaliveEnabled else { return }
        keepalive.add(connection)
        scheduleKeepaliveTick()
    }

    /// The current tick, for a connection recording a PONG.
    var keepaliveTickNow: Int { keepaliveNow }

    private func scheduleKeepaliveTick() {
        guard keepaliveTimer == nil, !keepalive.isEmpty else { return }
        keepaliveTimer = loop.schedule(after: keepaliveTick) { [self] in
            keepaliveTimer = nil
            for (connection, action) in keepalive.advance(to: keepaliveNow) {
                switch action {
                case .ping: connection.sendKeepalivePing()
                case .hangUp: connection.hangUp()
                }
            }
            scheduleKeepaliveTick()
        }
    }

    /// Writes a keepalive PING from the transport's own buffer. Service thread, in a writeable callback.
    func writeKeepalivePing(on wsi: OpaquePointer) -> Bool {
        let payload = pingFrame + OutboundMessage.headroom
        payload.storeBytes(of: UInt64(truncatingIfNeeded: keepaliveNow).bigEndian, as: UInt64.self)
        return lws_write(wsi, payload.assumingMemoryBound(to: UInt8.self), Self.pingPayloadBytes, LWS_WRITE_PING) >= 0
    }

    // MARK: Accepting

    /// The listening socket is readable: accept what waits, and hand each connection to
    /// libwebsockets. Service thread.
    private func acceptConnections() {
        guard let listener, let vhost, !acceptIsPaused else { return }
        for _ in 0..<Self.acceptsPerWakeup {
            switch listener.accept() {
            case .connection(let descriptor):
                endDescriptorExhaustion()
                let stream = InboundStream(
                    parser: RequestHeadParser(maxBodyBytes: configuration.maxRequestBodyBytes), maxHeadBytes: Self.maxHeadBytes)
                guard ReceiveTap.watch(descriptor, with: TappedSocket(stream: stream)) else {
                    // Unwatched, its requests would not be checked: refuse it.
                    close(descriptor)
                    continue
                }
                // On failure libwebsockets has closed the socket; its own table is full.
                guard lws_adopt_socket_vhost(vhost, descriptor) != nil else {
                    pauseAccepting(reason: "libwebsockets has no room for another connection")
                    return
                }
            case .none:
                return
            case .failed:
                continue
            case .outOfDescriptors:
                pauseAccepting(reason: "the process is out of descriptors (\(String(cString: strerror(errno))))")
                return
            }
        }
    }

    /// Stops watching the listening socket for ``acceptPause``. libwebsockets would retry
    /// `accept` in a loop; the connection waits in the kernel's backlog instead.
    private func pauseAccepting(reason: String) {
        guard let listenerWsi else { return }
        acceptIsPaused = true
        _ = lws_rx_flow_control(listenerWsi, 0)
        let first = descriptorExhaustion.withLock { state in
            defer {
                state.isOutOfDescriptors = true
                state.pauses += 1
            }
            return !state.isOutOfDescriptors
        }
        if first {
            log("accepting paused: \(reason); new connections wait in the backlog")
        }
        _ = loop.schedule(after: Self.acceptPause) { [self] in
            acceptIsPaused = false
            if let listenerWsi = self.listenerWsi, !isShuttingDown {
                _ = lws_rx_flow_control(listenerWsi, 1)
            }
        }
    }

    private func endDescriptorExhaustion() {
        let wasOut = descriptorExhaustion.withLock { state in
            defer { state.isOutOfDescriptors = false }
            return state.isOutOfDescriptors
        }
        if wasOut {
            log("accepting again after running out of descriptors")
        }
    }

    /// Closes the listening socket, so new connections are refused at once.
    private func stopListening() {
        guard let listenerWsi else { return }
        self.listenerWsi = nil
        listener = nil
        // libwebsockets closes the descriptor with the raw-file wsi.
        lws_set_timeout(listenerWsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
    }

    // MARK: Shutdown

    /// Stops accepting, closes every WebSocket with 1001 and stops the loop once they are gone
    /// or after ``shutdownGrace``. Service thread.
    func beginShutdown() {
        loop.assertServiceThread()
        guard !isShuttingDown else { return }
        isShuttingDown = true
        stopListening()
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

    // MARK: Protocol 0: HTTP and upgrade decisions

    func http(_ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
              _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        loop.assertServiceThread()
        switch reason {
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            loop.runQueuedWork()
            return 0
        case LWS_CALLBACK_RAW_RX_FILE:
            acceptConnections()
            return 0
        case LWS_CALLBACK_RAW_CLOSE_FILE:
            if wsi == listenerWsi {
                listenerWsi = nil
                listener = nil
            }
            return 0
        case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE:
            let upgrade = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
            return confirmUpgrade(wsi, to: upgrade)
        case LWS_CALLBACK_HTTP:
            return beginExchange(wsi)
        case LWS_CALLBACK_HTTP_BODY:
            return receiveBody(wsi, UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length))
        case LWS_CALLBACK_HTTP_BODY_COMPLETION:
            guard let exchange = exchanges[wsi], !exchange.hasStartedResponse else { return 0 }
            return respond(wsi, exchange, with: handler.respond(to: exchange.request))
        case LWS_CALLBACK_HTTP_WRITEABLE:
            return writeBody(wsi)
        case LWS_CALLBACK_CLOSED_HTTP, LWS_CALLBACK_WSI_DESTROY:
            exchanges[wsi] = nil
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        default:
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        }
    }

    /// Decides a WebSocket upgrade. Refusals are answered with the handler's wording of a
    /// ``TransportRefusal`` (or its own `.reject` answer) and the connection closed: 503 while
    /// shutting down, 404 off ``WebSocketServerConfiguration/webSocketPath``, 400 without the
    /// configured subprotocol in `Sec-WebSocket-Protocol`, then whatever `shouldAccept` says.
    private func confirmUpgrade(_ wsi: OpaquePointer, to upgrade: String) -> Int32 {
        // The receive tap let this head through only as a whole WebSocket handshake.
        guard upgrade.lowercased() == "websocket", case .accepted(let head)? = tappedSocket(wsi)?.nextVerdict(),
            head.isWebSocketUpgrade
        else { return -1 }
        let request = RequestReader.read(wsi)
        let offered = (request.header("sec-websocket-protocol") ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let refusal: TransportRefusal? =
            if isShuttingDown {
                .shuttingDown
            } else if request.path != configuration.webSocketPath {
                .notFound
            } else if configuration.requiresSubprotocol && !offered.contains(configuration.subprotocol) {
                .missingSubprotocol(expected: configuration.subprotocol)
            } else {
                nil
            }
        if let refusal {
            return refuseUpgrade(wsi, with: handler.response(to: refusal, for: request))
        }
        if case .reject(let response) = handler.shouldAccept(request) {
            return refuseUpgrade(wsi, with: response)
        }
        acceptedUpgrade = (wsi, request)
        return 0
    }

    /// Writes the whole answer now and closes; -1 tells libwebsockets to drop the connection
    /// once the answer is sent.
    private func refuseUpgrade(_ wsi: OpaquePointer, with response: HTTPResponse) -> Int32 {
        _ = ResponseHeaders.writeRefusal(on: wsi, response, log: configuration.log)
        return -1
    }

    /// The receive tap's view of a connection's socket.
    private func tappedSocket(_ wsi: OpaquePointer) -> TappedSocket? {
        ReceiveTap.socket(for: lws_get_socket_fd(wsi))
    }

    /// A request head arrived. Its verdict comes from the receive tap, whose parser is the one
    /// reading of the head: a refused head reached libwebsockets as a stand-in `GET /`, answered
    /// here with the refusal.
    private func beginExchange(_ wsi: OpaquePointer) -> Int32 {
        guard let verdict = tappedSocket(wsi)?.nextVerdict() else { return -1 }
        switch verdict {
        case .refused(let refusal):
            let exchange = HTTPExchange(request: HTTPRequest(method: "GET", path: "/", peer: RequestReader.read(wsi).peer))
            exchanges[wsi] = exchange
            return respond(wsi, exchange, with: handler.response(to: TransportRefusal(refusal), for: nil), closesConnection: true)
        case .accepted(let head):
            let request = RequestReader.read(wsi)
            let exchange = HTTPExchange(request: request)
            exchanges[wsi] = exchange
            guard head.contentLength > 0 else {
                return respond(wsi, exchange, with: handler.respond(to: request))
            }
            // The body follows (HTTP_BODY); the tap hands libwebsockets no more than it.
            exchange.request.body.reserveCapacity(head.contentLength)
            return 0
        }
    }

    /// A piece of the body: never more than the head's `Content-Length`, which the receive tap
    /// checked against ``WebSocketServerConfiguration/maxRequestBodyBytes``.
    private func receiveBody(_ wsi: OpaquePointer, _ piece: UnsafeRawBufferPointer) -> Int32 {
        guard let exchange = exchanges[wsi], !exchange.hasStartedResponse else { return 0 }
        exchange.request.body.append(contentsOf: piece)
        return 0
    }

    /// Writes the head and as much of the body as one chunk holds now (one write for most
    /// answers), the rest over the following writeable callbacks. After a request body the
    /// whole answer goes out now, so the transaction is complete when `HTTP_BODY_COMPLETION`
    /// returns: libwebsockets 4.1.6 calls it again in a loop while the transaction stays open
    /// and more bytes are waiting.
    private func respond(_ wsi: OpaquePointer, _ exchange: HTTPExchange, with response: HTTPResponse,
                         closesConnection: Bool = false) -> Int32 {
        let isHead = exchange.request.method == "HEAD"
        exchange.startResponse(body: isHead ? [] : response.body, closesConnection: closesConnection)
        let first = exchange.nextBodyChunk(maxBytes: exchange.request.body.isEmpty ? Self.httpChunkBytes : .max) ?? []
        guard ResponseHeaders.write(
            on: wsi, status: response.status, headers: response.headers, contentLength: response.body.count,
            closesConnection: closesConnection, body: first, log: configuration.log)
        else { return -1 }
        if exchange.didWrite(first.count) {
            return completeExchange(wsi, exchange)
        }
        lws_callback_on_writable(wsi)
        return 0
    }

    private func writeBody(_ wsi: OpaquePointer) -> Int32 {
        guard let exchange = exchanges[wsi], let chunk = exchange.nextBodyChunk(maxBytes: Self.httpChunkBytes) else {
            return 0
        }
        let payload = httpChunk + OutboundMessage.headroom
        chunk.withUnsafeBytes { payload.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        let isLast = exchange.didWrite(chunk.count)
        let written = lws_write(wsi, payload.assumingMemoryBound(to: UInt8.self), chunk.count,
                                isLast ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP)
        guard written >= chunk.count else { return -1 }
        if isLast {
            return completeExchange(wsi, exchange)
        }
        lws_callback_on_writable(wsi)
        return 0
    }

    private func completeExchange(_ wsi: OpaquePointer, _ exchange: HTTPExchange) -> Int32 {
        exchanges[wsi] = nil
        if exchange.closesConnection {
            return -1
        }
        return lws_http_transaction_completed(wsi) == 0 ? 0 : -1
    }

    // MARK: Protocol 1: WebSockets

    func webSocket(_ wsi: OpaquePointer, _ reason: lws_callback_reasons,
                   _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        loop.assertServiceThread()
        switch reason {
        case LWS_CALLBACK_ESTABLISHED:
            connectionOpened(wsi)
            return 0
        case LWS_CALLBACK_RECEIVE:
            return connections[wsi]?.receive(input, length: length) ?? -1
        case LWS_CALLBACK_RECEIVE_PONG:
            connections[wsi]?.didReceivePong()
            return 0
        case LWS_CALLBACK_SERVER_WRITEABLE:
            return connections[wsi]?.writeNext() ?? 0
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            return connections[wsi]?.peerDidClose(payload: UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length)) ?? 0
        case LWS_CALLBACK_CLOSED, LWS_CALLBACK_WSI_DESTROY:
            connectionClosed(wsi)
            return 0
        default:
            return 0
        }
    }

    private func connectionOpened(_ wsi: OpaquePointer) {
        let request = acceptedUpgrade?.wsi == wsi ? acceptedUpgrade!.request : RequestReader.read(wsi)
        acceptedUpgrade = nil
        let connection = WebSocketConnection(request: request, wsi: wsi, core: self)
        connections[wsi] = connection
        openConnections.withLock { $0 += 1 }
        watch(connection)
        tappedSocket(wsi)?.connection = connection
        handler.connectionDidOpen(connection)
        if isShuttingDown {
            connection.close(code: .goingAway, reason: "server is shutting down", flush: false)
        }
    }

    /// Drops the connection from the tables and tells the handler, once per connection.
    private func connectionClosed(_ wsi: OpaquePointer) {
        guard let connection = connections.removeValue(forKey: wsi) else { return }
        openConnections.withLock { $0 -= 1 }
        let code = connection.didClose()
        handler.connectionDidClose(connection, code: code)
        if isShuttingDown && connections.isEmpty {
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
