import CLibWebSockets
import Glibc
import Locking
import TransportWire

/// Accepts connections on the server's ``ListeningSocket`` and hands each to libwebsockets,
/// watched by the ``ReceiveTap`` from its first byte. Out of descriptors it pauses instead of
/// spinning. Service thread only, but for ``exhaustion``.
final class Acceptor {
    /// Whether accepting is paused for want of descriptors, and how often it paused. Any thread.
    let exhaustion: Locked<DescriptorExhaustion>

    private let loop: ServiceLoop
    private let configuration: WebSocketServerConfiguration
    private var listener: ListeningSocket?
    /// libwebsockets watches the listening socket as a raw file descriptor.
    private(set) var listenerWsi: OpaquePointer?
    private var vhost: OpaquePointer?
    private var isPaused = false

    /// Out of descriptors, accepting pauses this long before it tries again.
    static let pause = Duration.milliseconds(200)
    /// Connections accepted per wake-up, so a flood of connects does not starve the connections
    /// already open.
    static let perWakeup = 64
    /// The largest request head served (cookies included); larger ones get 400. It fits
    /// libwebsockets' read buffer and header storage (``ServerCore/readBufferBytes``).
    static let maxHeadBytes = 15 * 1024

    init(loop: ServiceLoop, configuration: WebSocketServerConfiguration, exhaustion: Locked<DescriptorExhaustion>) {
        self.loop = loop
        self.configuration = configuration
        self.exhaustion = exhaustion
    }

    /// Has libwebsockets watch `listener` for `vhost`, its events going to the protocol named
    /// `protocolName`. False when libwebsockets refused.
    func start(_ listener: ListeningSocket, vhost: OpaquePointer, protocolName: UnsafeMutablePointer<CChar>) -> Bool {
        listenerWsi = lws_adopt_descriptor_vhost(
            vhost, LWS_ADOPT_RAW_FILE_DESC, lws_sock_file_fd_type(filefd: listener.descriptor), protocolName, nil)
        guard listenerWsi != nil else { return false }
        self.listener = listener
        self.vhost = vhost
        return true
    }

    /// The listening socket is readable (`LWS_CALLBACK_RAW_RX_FILE`): accept what waits.
    func acceptConnections() {
        guard let listener, let vhost, !isPaused else { return }
        for _ in 0..<Self.perWakeup {
            switch listener.accept() {
            case .connection(let descriptor):
                endExhaustion()
                let stream = InboundStream(
                    parser: RequestHeadParser(maxBodyBytes: configuration.maxRequestBodyBytes), maxHeadBytes: Self.maxHeadBytes)
                guard ReceiveTap.watch(descriptor, with: TappedSocket(stream: stream)) else {
                    // Unwatched, its requests would not be checked: refuse it.
                    close(descriptor)
                    continue
                }
                // On failure libwebsockets has closed the socket; its own table is full.
                guard lws_adopt_socket_vhost(vhost, descriptor) != nil else {
                    pause(because: "libwebsockets has no room for another connection")
                    return
                }
            case .none:
                return
            case .failed:
                continue
            case .outOfDescriptors:
                pause(because: "the process is out of descriptors (\(String(cString: strerror(errno))))")
                return
            }
        }
    }

    /// Closes the listening socket, so new connections are refused at once.
    func stop() {
        guard let listenerWsi else { return }
        forget()
        // libwebsockets closes the descriptor with the raw-file wsi.
        lws_set_timeout(listenerWsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
    }

    /// The listening socket is gone (closed, or its context destroyed).
    func forget() {
        listenerWsi = nil
        listener = nil
        vhost = nil
    }

    /// Stops watching the listening socket for ``pause``. libwebsockets would retry `accept` in
    /// a loop; the connection waits in the kernel's backlog instead.
    private func pause(because reason: String) {
        guard let listenerWsi else { return }
        isPaused = true
        _ = lws_rx_flow_control(listenerWsi, 0)
        let first = exhaustion.withLock { state in
            defer {
                state.isOutOfDescriptors = true
                state.pauses += 1
            }
            return !state.isOutOfDescriptors
        }
        if first {
            configuration.log?("accepting paused: \(reason); new connections wait in the backlog")
        }
        _ = loop.schedule(after: Self.pause) { [self] in
            isPaused = false
            if let listenerWsi = self.listenerWsi {
                _ = lws_rx_flow_control(listenerWsi, 1)
            }
        }
    }

    private func endExhaustion() {
        let wasOut = exhaustion.withLock { state in
            defer { state.isOutOfDescriptors = false }
            return state.isOutOfDescriptors
        }
        if wasOut {
            configuration.log?("accepting again after running out of descriptors")
        }
    }
}
