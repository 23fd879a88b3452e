import Foundation
import Locking
import TransportWire

/// Every WebSocket client connection of the load generator, driven by one thread that waits in
/// epoll: non-blocking sockets, the RFC 6455 handshake and framing of `WebSocket/`, and the
/// delegate called for each whole message straight from the read buffer.
///
/// Other threads talk to it only through ``execute(_:)`` (and ``query(timeout:_:)`` built on
/// it), which queues work and wakes the loop with an eventfd; everything else runs on the
/// loop's thread. `@unchecked Sendable` for that reason.
final class ClientLoop<Delegate: ClientLoopDelegate>: @unchecked Sendable {
    let host: String
    let port: Int

    private let epoll: Epoll
    private let wake: WakeSignal
    private let queue = Locked<[@Sendable () -> Void]>([])
    private let finished = DispatchSemaphore(value: 0)
    /// Created, then running once ``start(delegate:)`` started the thread, then stopped: so the
    /// thread starts once, and ``shutdown()`` waits only for a thread that runs.
    private let lifecycle = Locked(Lifecycle.created)
    private var delegate: Delegate?
    private var isRunning = false
    /// Indexed by connection id.
    private var connections: [ClientConnection?] = []
    private var generation: UInt64 = 0
    /// Every read lands here first; only the bytes of an unfinished frame are copied out.
    private var readBuffer = [UInt8](repeating: 0, count: 256 * 1024)
    private var frameBuffer: [UInt8] = []
    private var masks = MaskSource()
    private var keys = SystemRandomNumberGenerator()

    private enum Lifecycle {
        case created, running, stopped
    }

    private static var wakeToken: UInt64 { .max }
    /// Room a read always has after bytes carried over from the last one.
    private static var minimumRead: Int { 64 * 1024 }
    /// The close code sent when the generator shuts down.
    private static var goingAway: UInt16 { 1001 }

    init(host: String, port: Int) throws(BenchError) {
        self.host = host
        self.port = port
        do {
            epoll = try Epoll()
            wake = try WakeSignal()
            try epoll.add(wake.descriptor, token: Self.wakeToken, writable: false)
        } catch {
            throw .setup("cannot start the client loop: \(error)")
        }
    }

    /// Starts the loop's thread, which reports to `delegate` until ``shutdown()``.
    func start(delegate: Delegate) {
        guard
            lifecycle.withLock({ state in
                guard state == .created else { return false }
                state = .running
                return true
            })
        else { return }
        self.delegate = delegate
        isRunning = true
        let thread = Thread { [self] in run() }
        thread.name = "focus-bench.clients"
        thread.start()
    }

    /// Runs `work` on the loop's thread, soon. Safe from any thread.
    func execute(_ work: @escaping @Sendable () -> Void) {
        queue.withLock { $0.append(work) }
        wake.signal()
    }

    /// Closes every connection (with a close frame where it is open) and stops the thread.
    /// Call from another thread; later calls do nothing.
    func shutdown() {
        let wasRunning = lifecycle.withLock { state in
            defer { state = .stopped }
            return state == .running
        }
        guard wasRunning else { return }
        execute { [self] in isRunning = false }
        finished.wait()
    }

    private func run() {
        while isRunning {
            epoll.wait(timeoutMilliseconds: -1) { event in handle(event) }
        }
        for case let connection? in connections {
            if connection.phase == .open {
                frameBuffer.removeAll(keepingCapacity: true)
                ClientFrame.append(.close, ClientFrame.closePayload(code: Self.goingAway), mask: masks.next(), to: &frameBuffer)
                _ = connection.socket.send(frameBuffer[...])
            }
            connection.socket.close()
        }
        connections = []
        delegate = nil
        finished.signal()
    }

    // MARK: Connecting (loop thread)

    /// Opens connection `id` to `path` on the server (on `port`, by default the loop's); the
    /// delegate hears when it is open.
    func connect(_ id: Int, path: String, port: Int? = nil) {
        let port = port ?? self.port
        let socket: StreamSocket
        do {
            socket = try StreamSocket.connect(host: host, port: port)
        } catch {
            // Reported on the next turn, so the delegate is never called back from inside its own call.
            execute { [self] in delegate?.connectionEnded(id, .failed("cannot connect: \(error)")) }
            return
        }
        generation &+= 1
        let connection = ClientConnection(
            socket: socket, token: UInt64(id) | generation << 32, handshake: ClientHandshake(using: &keys))
        connection.outbound = connection.handshake.request(host: host, port: port, path: path)
        if connections.count <= id {
            connections += Array(repeating: nil, count: id + 1 - connections.count)
        }
        connections[id] = connection
        do {
            try epoll.add(socket.descriptor, token: connection.token, writable: true)
        } catch {
            execute { [self] in end(id, .failed("cannot watch the socket: \(error)")) }
        }
    }

    private func handle(_ event: Epoll.Event) {
        if event.token == Self.wakeToken {
            wake.drain()
            let work = queue.withLock { queued in
                var taken: [@Sendable () -> Void] = []
                swap(&taken, &queued)
                return taken
            }
            for item in work { item() }
            return
        }
        let id = Int(event.token & 0xFFFF_FFFF)
        guard id < connections.count, let connection = connections[id], connection.token == event.token else { return }
        if connection.phase == .connecting {
            guard event.isWritable || event.isBroken else { return }
            if let error = connection.socket.pendingError() {
                end(id, .failed("cannot connect: \(error)"))
                return
            }
            connection.phase = .upgrading
        }
        if event.isWritable {
            flush(connection, id)
        }
        if event.isReadable || event.isBroken, connection.phase != .ended {
            read(connection, id)
        }
    }

    // MARK: Reading (loop thread)

    private func read(_ connection: ClientConnection, _ id: Int) {
        // Bytes left over from the last read (part of a frame) go in front of the new ones, so a
        // read never appends to a growing array of its own.
        let carried = connection.inbound.count
        if carried > 0 {
            if readBuffer.count - carried < Self.minimumRead {
                readBuffer += [UInt8](repeating: 0, count: carried + Self.minimumRead - readBuffer.count)
            }
            readBuffer.replaceSubrange(0..<carried, with: connection.inbound)
        }
        let transfer = connection.socket.receive(into: &readBuffer, at: carried)
        let receivedAt = MonotonicClock.nanoseconds()
        switch transfer {
        case .moved(let count):
            let end = carried + count
            connection.inbound = []
            let consumed = consume(readBuffer[0..<end], connection, id, receivedAt)
            if consumed < end && connection.phase != .ended {
                connection.inbound = Array(readBuffer[consumed..<end])
            }
        case .wouldBlock:
            break
        case .ended:
            end(
                id,
                connection.phase == .open
                    ? .closedByServer(code: nil) : .failed("the server closed the connection during the handshake"))
        case .failed(let code):
            end(id, .failed(SocketError("recv", code).description))
        }
    }

    /// Parses what `bytes` holds; returns the index of the first byte not used yet.
    private func consume(_ bytes: ArraySlice<UInt8>, _ connection: ClientConnection, _ id: Int, _ receivedAt: UInt64) -> Int {
        var index = bytes.startIndex
        if connection.phase == .upgrading {
            guard let headEnd = ByteSearch.end(of: ByteSearch.headEnd, in: bytes) else { return index }
            switch connection.handshake.check(responseHead: bytes[..<(headEnd - ByteSearch.headEnd.count)]) {
            case .success:
                connection.phase = .open
                delegate?.connectionOpened(id)
            case .failure(let failure):
                end(id, .failed(failure.description))
                return bytes.endIndex
            }
            index = headEnd
        }
        while connection.phase == .open {
            switch FrameParser.parse(bytes, at: index) {
            case .incomplete:
                return index
            case .invalid(let reason):
                close(connection, id, code: 1002, ending: .failed("protocol error from the server: \(reason)"))
                return bytes.endIndex
            case .frame(let frame):
                index = frame.end
                handle(frame, payload: bytes[frame.payload], connection, id, receivedAt)
            }
        }
        return bytes.endIndex
    }

    private func handle(
        _ frame: FrameParser.Frame, payload: ArraySlice<UInt8>, _ connection: ClientConnection, _ id: Int, _ receivedAt: UInt64
    ) {
        switch frame.opcode {
        case .text, .binary:
            guard !connection.isFragmenting else {
                close(
                    connection, id, code: 1002,
                    ending: .failed("protocol error from the server: a new message inside a fragmented one"))
                return
            }
            if frame.isFinal {
                delegate?.connection(id, received: payload, at: receivedAt)
            } else {
                connection.isFragmenting = true
                connection.fragments = Array(payload)
            }
        case .continuation:
            guard connection.isFragmenting else {
                close(
                    connection, id, code: 1002,
                    ending: .failed("protocol error from the server: a continuation without a message"))
                return
            }
            connection.fragments += payload
            if frame.isFinal {
                var message: [UInt8] = []
                swap(&message, &connection.fragments)
                connection.isFragmenting = false
                delegate?.connection(id, received: message[...], at: receivedAt)
            }
        case .ping:
            sendFrame(.pong, payload, on: connection, id)
        case .pong:
            break
        case .close:
            let code = ClientFrame.closeCode(in: payload)
            close(connection, id, code: code ?? 1000, ending: .closedByServer(code: code))
        }
    }

    // MARK: Writing (loop thread)

    /// Sends one text message on connection `id`, if it is open. Returns whether it was.
    @discardableResult
    func send(text: [UInt8], on id: Int) -> Bool {
        guard id < connections.count, let connection = connections[id], connection.phase == .open else { return false }
        sendFrame(.text, text, on: connection, id)
        return true
    }

    private func sendFrame<Payload: Collection<UInt8>>(
        _ opcode: WebSocketOpcode, _ payload: Payload, on connection: ClientConnection, _ id: Int
    ) {
        frameBuffer.removeAll(keepingCapacity: true)
        ClientFrame.append(opcode, payload, mask: masks.next(), to: &frameBuffer)
        write(frameBuffer[...], connection, id)
    }

    private func write(_ bytes: ArraySlice<UInt8>, _ connection: ClientConnection, _ id: Int) {
        guard connection.outbound.isEmpty else {
            connection.outbound += bytes
            return
        }
        switch connection.socket.send(bytes) {
        case .moved(let count) where count == bytes.count:
            return
        case .moved(let count):
            connection.outbound = Array(bytes.dropFirst(count))
        case .wouldBlock:
            connection.outbound = Array(bytes)
        case .failed(let code):
            end(id, .failed(SocketError("send", code).description))
            return
        case .ended:
            return
        }
        watch(connection, id, writable: true)
    }

    /// Sends what waits in `outbound`, and stops watching for room once it is all gone.
    private func flush(_ connection: ClientConnection, _ id: Int) {
        guard !connection.outbound.isEmpty else { return }
        switch connection.socket.send(connection.outbound[...]) {
        case .moved(let count) where count == connection.outbound.count:
            connection.outbound = []
            watch(connection, id, writable: false)
        case .moved(let count):
            connection.outbound.removeFirst(count)
        case .wouldBlock, .ended:
            break
        case .failed(let code):
            end(id, .failed(SocketError("send", code).description))
        }
    }

    private func watch(_ connection: ClientConnection, _ id: Int, writable: Bool) {
        do {
            try epoll.modify(connection.socket.descriptor, token: connection.token, writable: writable)
        } catch {
            end(id, .failed("cannot watch the socket: \(error)"))
        }
    }

    // MARK: Ending (loop thread)

    /// Answers or starts the closing handshake with a close frame, then drops the connection.
    private func close(_ connection: ClientConnection, _ id: Int, code: UInt16, ending: ConnectionEnding) {
        sendFrame(.close, ClientFrame.closePayload(code: code), on: connection, id)
        end(id, ending)
    }

    private func end(_ id: Int, _ ending: ConnectionEnding) {
        guard id < connections.count, let connection = connections[id] else { return }
        connection.phase = .ended
        connections[id] = nil
        epoll.remove(connection.socket.descriptor)
        connection.socket.close()
        delegate?.connectionEnded(id, ending)
    }
}
