import FocusCore
import FocusProtocol
import MarkdownRendering
import SessionMachine
import WebSocketTransport

/// Drives the session machines: hands each input to its session and performs the outputs on
/// the transport (sends, broadcasts encoded once, closes, timers). Service thread only.
final class SessionHost {
    private(set) var registry: SessionRegistry
    private weak var transport: WebSocketServer?
    /// Every open WebSocket, by the id the machines know it by.
    private var connections: [ConnectionID: WebSocketConnection] = [:]
    private var timers: [TimerKey: ScheduledWork] = [:]
    /// Reused for every input, so handling one allocates no output array.
    private var outputs: [SessionOutput] = []
    private var ids = SystemRandomNumberGenerator()

    private struct TimerKey: Hashable {
        let session: SessionID
        let timer: SessionTimer
    }

    init(limits: SessionLimits) {
        registry = SessionRegistry(limits: limits, renderNotes: MarkdownRenderer.html(from:))
    }

    /// Set once, before the transport starts.
    func attach(_ transport: WebSocketServer) {
        self.transport = transport
    }

    // MARK: Sessions

    func create(by peer: String) throws(ProtocolError) -> SessionMachine {
        outputs.removeAll(keepingCapacity: true)
        let session = try registry.create(by: peer, at: HostClock.now(), ids: &ids, into: &outputs)
        perform(for: session.id)
        return session
    }

    /// Forgets idle sessions, with their timers.
    func expireIdle() {
        let expired = Set(registry.expire(at: HostClock.now()))
        guard !expired.isEmpty else { return }
        for key in timers.keys where expired.contains(key.session) {
            timers.removeValue(forKey: key)?.cancel()
        }
    }

    /// The bytes the slowest joined connection has waiting.
    var largestQueuedBytes: Int {
        connections.values.lazy.map(\.queuedBytes).max() ?? 0
    }

    // MARK: Connections

    func opened(_ connection: WebSocketConnection, context: ConnectionContext, role: Role) {
        connections[context.connection] = connection
        handle(.opened(context.connection, role: role), in: context.session)
    }

    func closed(_ context: ConnectionContext) {
        connections[context.connection] = nil
        handle(.closed(context.connection), in: context.session)
    }

    /// Hands `input` to session `id` and performs what it asks for.
    func handle(_ input: SessionInput, in id: SessionID) {
        outputs.removeAll(keepingCapacity: true)
        registry[id]?.handle(input, at: HostClock.now(), ids: &ids, into: &outputs)
        perform(for: id)
    }

    private func perform(for session: SessionID) {
        for output in outputs {
            switch output {
            case .send(let message, let connection):
                connections[connection]?.send(OutboundMessage(utf8: message.encoded()))
            case .broadcast(let message):
                guard let recipients = registry[session]?.recipients else { continue }
                let encoded = OutboundMessage(utf8: message.encoded())
                for connection in recipients {
                    connections[connection]?.send(encoded)
                }
            case .close(let connection, let code, let reason):
                connections[connection]?.close(code: CloseCode(rawValue: code.rawValue), reason: reason)
            case .dropBacklog(let connection):
                connections[connection]?.discardBacklog()
            case .schedule(let timer, let milliseconds):
                let key = TimerKey(session: session, timer: timer)
                timers.removeValue(forKey: key)?.cancel()
                timers[key] = transport?.schedule(after: .milliseconds(milliseconds)) { [weak self] in
                    self?.timers[key] = nil
                    self?.handle(.timerFired(timer), in: session)
                }
            case .cancel(let timer):
                timers.removeValue(forKey: TimerKey(session: session, timer: timer))?.cancel()
            }
        }
    }
}
