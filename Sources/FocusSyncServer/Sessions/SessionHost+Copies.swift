import FocusProtocol
import Sessions
import WebSocketTransport

/// What a session shares without a change, across processes (with Redis; docs/SCALING.md): the
/// holder's host hands it to ``SessionHost/shareLive`` once per message, and a relay's host keeps
/// copies of sessions others hold, whose viewers it sends the owner's messages.
extension SessionHost {
    /// Hands `message` (encoded as `bytes`), broadcast in session `id`, to ``shareLive`` when it
    /// is shared without a change, with the messages that make a snapshot live now.
    func shareIfLive(_ message: ServerMessage, _ bytes: [UInt8], of id: SessionID) {
        guard let shareLive, SessionMachine.isLive(message),
            let catchUp = registry.read(id, { $0.liveMessages().map { $0.encoded() } })
        else { return }
        shareLive(id, LiveShare(message: bytes, catchUp: catchUp))
    }

    // MARK: Copies of sessions others hold (a relay's host, without a store)

    /// Keeps a copy of a session, built from the store, to serve viewers here: its program's
    /// timers are not asked for (its owner runs them and publishes what they change).
    func adoptCopy(_ machine: SessionMachine) {
        var copy = machine
        copy.becomeCopy()
        registry.adopt(copy)
    }

    /// Sends the copy of session `id`'s viewers a message its owner shared, in order with what
    /// the copy sends them.
    func forward(_ message: OutboundMessage, in id: SessionID) {
        let recipients = registry.recipients(of: id)
        deliver { [weak self] in
            for connection in recipients { self?.send(message, to: connection) }
        }
    }

    /// Sends every viewer of the copy of session `id` a snapshot of it, then what its owner
    /// shares (``liveAfterSnapshot``), as a `resync` would: its owner's shares were missed.
    func resyncViewers(of id: SessionID) {
        for connection in registry.recipients(of: id) {
            handle(.received(.resync, from: connection), in: id)
        }
    }

    /// Forgets the copy of session `id`, closing its connections: with 4503 so that they connect
    /// again (to a copy built afresh), or, when the session `ended`, with its error and close code
    /// as a viewer connecting to it now would be.
    func dropCopy(_ id: SessionID, ended: ProtocolError? = nil) {
        release(id, afterStored: false, ended: ended)
    }
}
