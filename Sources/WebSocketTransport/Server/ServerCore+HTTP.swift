import CLibWebSockets
import Foundation
import TransportWire

/// Protocol 0 (`http`): plain HTTP requests, upgrade decisions, and the listening socket.
extension ServerCore {
    func http(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
        _ input: UnsafeMutableRawPointer?, _ length: Int
    ) -> Int32 {
        loop.assertServiceThread()
        switch reason {
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            loop.runQueuedWork()
            return 0
        case LWS_CALLBACK_RAW_RX_FILE:
            acceptor.acceptConnections()
            return 0
        case LWS_CALLBACK_RAW_CLOSE_FILE:
            if wsi == acceptor.listenerWsi {
                acceptor.forget()
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
            guard let exchange = exchanges[wsi], !exchange.hasStartedResponse, !exchange.handlerAsked else { return 0 }
            return answer(wsi, exchange)
        case LWS_CALLBACK_HTTP_WRITEABLE:
            return writeBody(wsi)
        case LWS_CALLBACK_CLOSED_HTTP, LWS_CALLBACK_WSI_DESTROY:
            exchanges[wsi] = nil
            heapReturn.blocksFreed()
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
    func tappedSocket(_ wsi: OpaquePointer) -> TappedSocket? {
        ReceiveTap.socket(for: lws_get_socket_fd(wsi))
    }

    /// A request head arrived. Its verdict comes from the receive tap, whose parser is the one
    /// reading of the head: a refused head reached libwebsockets as a stand-in `GET /`, answered
    /// here with the refusal.
    private func beginExchange(_ wsi: OpaquePointer) -> Int32 {
        guard let verdict = tappedSocket(wsi)?.nextVerdict() else { return -1 }
        switch verdict {
        case .refused(let refusal):
            let exchange = ServerHTTPExchange(request: HTTPRequest(method: "GET", path: "/", peer: RequestReader.read(wsi).peer))
            exchanges[wsi] = exchange
            return respond(wsi, exchange, with: handler.response(to: TransportRefusal(refusal), for: nil), closesConnection: true)
        case .accepted(let head):
            let request = RequestReader.read(wsi)
            let exchange = ServerHTTPExchange(request: request)
            exchanges[wsi] = exchange
            guard head.contentLength > 0 else {
                return answer(wsi, exchange)
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

    /// Asks the handler for the response: written now, or once the handler's ``HTTPResponder``
    /// is called (on a writeable callback, if the connection is still there).
    private func answer(_ wsi: OpaquePointer, _ exchange: ServerHTTPExchange) -> Int32 {
        exchange.handlerAsked = true
        // Only the exchanges table holds an exchange, so a live one is still this connection's.
        // Not `[weak self]`: a weak reference would give the core a side table, and every
        // connection's reference to its core (on each send) would take the slow path.
        let responder = HTTPResponder { [weak exchange] response in
            guard let exchange, !exchange.hasStartedResponse, exchange.deferredResponse == nil else { return }
            exchange.deferredResponse = response
            lws_callback_on_writable(wsi)
        }
        guard let response = handler.respond(to: exchange.request, responder: responder) else { return 0 }
        return respond(wsi, exchange, with: response)
    }

    /// Writes the head and as much of the body as one chunk holds now (one write for most
    /// answers), the rest over the following writeable callbacks. After a request body the
    /// whole answer goes out now, so the transaction is complete when `HTTP_BODY_COMPLETION`
    /// returns: libwebsockets 4.1.6 calls it again in a loop while the transaction stays open
    /// and more bytes are waiting.
    private func respond(
        _ wsi: OpaquePointer, _ exchange: ServerHTTPExchange, with response: HTTPResponse,
        closesConnection: Bool = false
    ) -> Int32 {
        let isHead = exchange.request.method == "HEAD"
        exchange.startResponse(body: isHead ? [] : response.body, closesConnection: closesConnection)
        let first = exchange.nextBodyChunk(maxBytes: exchange.request.body.isEmpty ? Self.httpChunkBytes : .max) ?? []
        guard
            ResponseHeaders.write(
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
        guard let exchange = exchanges[wsi] else { return 0 }
        if !exchange.hasStartedResponse, let response = exchange.deferredResponse {
            return respond(wsi, exchange, with: response)
        }
        guard let chunk = exchange.nextBodyChunk(maxBytes: Self.httpChunkBytes) else { return 0 }
        let payload = httpChunk + OutboundMessage.headroom
        chunk.withUnsafeBytes { payload.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        let isLast = exchange.didWrite(chunk.count)
        let written = lws_write(
            wsi, payload.assumingMemoryBound(to: UInt8.self), chunk.count,
            isLast ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP)
        guard written >= chunk.count else { return -1 }
        if isLast {
            return completeExchange(wsi, exchange)
        }
        lws_callback_on_writable(wsi)
        return 0
    }

    private func completeExchange(_ wsi: OpaquePointer, _ exchange: ServerHTTPExchange) -> Int32 {
        exchanges[wsi] = nil
        heapReturn.blocksFreed()
        if exchange.closesConnection {
            return -1
        }
        return lws_http_transaction_completed(wsi) == 0 ? 0 : -1
    }
}
