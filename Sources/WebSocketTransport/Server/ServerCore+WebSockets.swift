import CLibWebSockets

/// Protocol 1 (named after the subprotocol): the WebSocket connections.
extension ServerCore {
    func webSocket(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons,
        _ input: UnsafeMutableRawPointer?, _ length: Int
    ) -> Int32 {
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
            return connections[wsi]?.peerDidClose(payload: UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length))
                ?? 0
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
        keepalive.watch(connection)
        tappedSocket(wsi)?.upgraded(to: connection)
        handler.connectionDidOpen(connection)
        // Counted after the handler has seen it, so a reader of the count never gets ahead of the handler.
        openConnections.withLock { $0 += 1 }
        connection.forgetRequestDetails()
        heapReturn.blocksFreed()
        if isShuttingDown {
            connection.close(code: .goingAway, reason: "server is shutting down", flush: false)
        }
    }

    /// Drops the connection from the tables and tells the handler, once per connection.
    func connectionClosed(_ wsi: OpaquePointer) {
        guard let connection = connections.removeValue(forKey: wsi) else { return }
        keepalive.forget(connection)
        let code = connection.didClose()
        handler.connectionDidClose(connection, code: code)
        openConnections.withLock { $0 -= 1 }
        heapReturn.blocksFreed()
        if isShuttingDown && connections.isEmpty {
            loop.requestStop()
        }
    }
}
