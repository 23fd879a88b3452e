/// One text field as a page edits it while others edit it too: the client half of operational
/// transformation (ot.js's client), one splice in flight at a time.
///
/// The page applies its person's edits at once and tells the client (`edit`), which says what to
/// send. While a splice is in flight, further edits are composed into one buffered operation,
/// sent when the server answers. Remote operations are transformed over the page's unanswered
/// edits before they are shown (`receive`), and the selection with them, so nobody's typing is
/// lost or moved. `Public/js/splice-client.js` is the same machine, step by step.
///
/// States: synchronized (nothing in flight), awaiting confirm (one splice in flight), awaiting
/// with buffer (and edits made since), awaiting text (the server refused the splice in flight and
/// a fresh copy of the text is on its way). A snapshot (`resync`) can come in any state.
public struct SpliceClient: Sendable {
    /// Where the client is in its exchange with the server.
    public enum State: Equatable, Sendable {
        /// Nothing in flight: the next edit is sent at once.
        case synchronized
        /// One splice in flight.
        case awaitingConfirm
        /// One splice in flight, and edits made since, buffered.
        case awaitingWithBuffer
        /// The server refused the splice in flight; edits wait for a fresh copy of the text.
        case awaitingText
    }

    /// What became of the splice in flight when a snapshot was made, as the page can tell from it
    /// (the last seq the server handled for the page, and the last splice it applied to the field).
    public enum InFlightOutcome: Equatable, Sendable {
        /// The server applied it: the snapshot holds it.
        case applied
        /// The server refused it, perhaps in an answer the page never got, or it was lost with a
        /// connection: its edits are sent again as a new splice.
        case refused
        /// The server has not handled it yet and will, on this connection: the client holds the
        /// snapshot until the answer comes.
        case unanswered
    }

    /// The splice in flight: as sent, and as transformed since over the operations received.
    private struct InFlight: Sendable {
        let sent: OutgoingSplice
        var operation: TextOperation
        var refused = false
    }

    /// A snapshot that came while the splice in flight was unanswered, with the updates after it.
    private struct HeldSnapshot: Sendable {
        var text: String
        var revision: Int
        var updates: [(splices: [TextSplice], revision: Int, member: String)] = []
    }

    /// The page's member id, for breaking ties with remote inserts.
    public let member: String
    /// The field's text as the page shows it.
    public private(set) var text: String
    /// The page's caret or selection in `text`; set it when the person moves it.
    public var selection: TextSelection
    /// The last session revision whose operations on this field the client has: the base of the
    /// next splice it sends.
    public private(set) var revision: Int
    /// The field's text at `revision` as the server has it.
    public private(set) var serverText: String
    private var inFlight: InFlight?
    /// Edits made since the splice in flight was sent, composed; they apply after it.
    private var buffer: TextOperation?
    private var held: HeldSnapshot?

    /// A field holding `text` at session `revision`, with the caret at its end.
    public init(member: String, text: String, revision: Int) {
        self.member = member
        self.text = text
        self.serverText = text
        self.revision = revision
        self.selection = TextSelection(caret: text.utf16Length)
    }

    /// Where the client is in its exchange with the server.
    public var state: State {
        switch (inFlight, buffer) {
        case (nil, _): .synchronized
        case (let sent?, _) where sent.refused: .awaitingText
        case (_?, nil): .awaitingConfirm
        case (_?, _?): .awaitingWithBuffer
        }
    }

    /// The splice in flight, to send again unchanged (same splice, same base) after the server
    /// refused it as `rate_limited`; `nil` when nothing is in flight or it awaits a fresh text.
    public var resendable: OutgoingSplice? {
        inFlight.flatMap { $0.refused ? nil : $0.sent }
    }

    /// The person changed the text by `splice` (already shown); `selection` is the selection after
    /// it (the caret after the inserted text if `nil`).
    /// - Returns: the splice to send now, or `nil` if one is in flight (the edit waits in the buffer).
    public mutating func edit(_ splice: TextSplice, selection: TextSelection? = nil) -> OutgoingSplice? {
        guard !splice.isNoop else { return nil }
        let operation = TextOperation(splice, length: text.utf16Length)
        operation.apply(to: &text)
        self.selection = selection ?? TextSelection(caret: splice.at + splice.insert.utf16Length)
        guard inFlight == nil else {
            buffer = buffer.map { $0.composed(with: operation) } ?? operation
            return nil
        }
        let sent = OutgoingSplice(splice: splice, base: revision)
        inFlight = InFlight(sent: sent, operation: operation)
        return sent
    }

    /// Another member's operation on this field, as the server applied it at `revision`: the
    /// update's splices, each applying to the text the ones before it made.
    /// - Returns: the operation the page applies to `text` (already applied to `text` and
    ///   `selection`), or `nil` for an update the client already has (`revision` not after its own)
    ///   or holds with a snapshot (see `resync`).
    @discardableResult
    public mutating func receive(_ splices: [TextSplice], revision: Int, member: String) -> TextOperation? {
        if var snapshot = held {
            if revision > snapshot.revision { snapshot.updates.append((splices, revision, member)) }
            held = snapshot
            return nil
        }
        guard revision > self.revision else { return nil }
        var remote = TextOperation(splices: splices, length: serverText.utf16Length)
        remote.apply(to: &serverText)
        self.revision = revision
        if var sent = inFlight {
            let tieBreak = TieBreak(member: self.member, appliedBy: member)
            (sent.operation, remote) = TextOperation.transform(sent.operation, remote, tieBreak: tieBreak)
            inFlight = sent
            if let pending = buffer {
                let transformed = TextOperation.transform(pending, remote, tieBreak: tieBreak)
                buffer = transformed.0
                remote = transformed.1
            }
        }
        remote.apply(to: &text)
        selection = selection.transformed(by: remote)
        return remote
    }

    /// The server applied the splice in flight as `applied` (the splices its update carries; none
    /// when it answered that the splice changed nothing), making session `revision` (or, for that
    /// answer, the revision of the last update received before it).
    ///
    /// `applied` is the splice in flight as the client transformed it, unless a snapshot is held:
    /// then the client moves to the snapshot, the updates after it and `applied`, rebasing its
    /// buffer over the difference from the text it knew.
    /// - Returns: the buffered edits' first splice, to send now, if there are any.
    public mutating func acknowledge(revision: Int, applied: [TextSplice]) -> OutgoingSplice? {
        guard let sent = inFlight else { preconditionFailure("An acknowledgement arrived with no splice in flight.") }
        inFlight = nil
        guard let snapshot = held else {
            assert(
                applied.isEmpty || TextOperation(splices: applied, length: serverText.utf16Length) == sent.operation,
                "The server applied \(applied), not the splice in flight as transformed, \(sent.operation).")
            sent.operation.apply(to: &serverText)
            self.revision = max(self.revision, revision)
            return sendBuffer()
        }
        held = nil
        var fresh = snapshot.text
        for update in snapshot.updates {
            TextOperation(splices: update.splices, length: fresh.utf16Length).apply(to: &fresh)
        }
        TextOperation(splices: applied, length: fresh.utf16Length).apply(to: &fresh)
        moveBuffer(from: sent.operation.applied(to: serverText), to: fresh)
        self.revision = max(snapshot.updates.last?.revision ?? snapshot.revision, revision)
        return sendBuffer()
    }

    /// The server refused the splice in flight (`stale_base`, `bad_splice`): it changed nothing.
    /// Edits wait in the buffer until a snapshot brings a fresh text (`resync`), unless one is held.
    /// - Returns: with a held snapshot, the first splice of the edits rebased on it, to send now.
    public mutating func refuse() -> OutgoingSplice? {
        inFlight?.refused = true
        return releaseHeldSnapshot()
    }

    /// The server refused the splice in flight for good (`value_too_long`): it changed nothing, and it
    /// is taken back out of the page's text; edits made since stay, moved over its removal.
    /// - Returns: the buffered edits' first splice, to send now, if there are any.
    public mutating func reject() -> OutgoingSplice? {
        guard let sent = inFlight else { return nil }
        inFlight = nil
        moveBuffer(over: sent.operation.inverted(on: serverText))
        return releaseHeldSnapshot() ?? sendBuffer()
    }

    /// Starts again from the server's `text` at session `revision` (a snapshot: after a refusal,
    /// a reconnect, or falling behind), with the page's unanswered edits on top: they are rebased
    /// over the difference between the text the client knew and `text`, so they keep their place
    /// among the characters both hold. `inFlight` says what became of the splice in flight (a
    /// refused one counts as refused whatever it says). A snapshot made before the server handled
    /// the splice in flight is held, with the updates after it, until the answer comes: rebasing
    /// the splice here and letting the server transform it too could order the page's own
    /// characters differently. An older `revision` than the client's is ignored: the client
    /// rebases on its own copy.
    /// - Returns: the first splice of the rebased edits, to send now, if there are any.
    public mutating func resync(text fresh: String, revision freshRevision: Int, inFlight outcome: InFlightOutcome)
        -> OutgoingSplice?
    {
        if let sent = inFlight, !sent.refused, outcome == .unanswered {
            held = HeldSnapshot(text: fresh, revision: freshRevision)
            return nil
        }
        held = nil
        var known = serverText
        var pending = buffer
        if let sent = inFlight {
            if !sent.refused, outcome == .applied {
                sent.operation.apply(to: &known)
            } else {
                pending = pending.map { sent.operation.composed(with: $0) } ?? sent.operation
            }
        }
        inFlight = nil
        buffer = pending
        let fresher = freshRevision >= revision
        moveBuffer(from: known, to: fresher ? fresh : known)
        revision = max(revision, freshRevision)
        return sendBuffer()
    }

    /// Moves the client to the server's text `fresh`, from `known`, the text its buffer applies to.
    private mutating func moveBuffer(from known: String, to fresh: String) {
        moveBuffer(over: TextOperation.difference(from: known, to: fresh))
        serverText = fresh
    }

    /// Rebases the buffer over `change`, which applies to the text the buffer applies to; the
    /// page's text and selection follow (the change's inserts go before the buffer's).
    private mutating func moveBuffer(over change: TextOperation) {
        var change = change
        if let pending = buffer {
            let transformed = TextOperation.transform(pending, change, tieBreak: .bFirst)
            buffer = transformed.0.isNoop ? nil : transformed.0
            change = transformed.1
        }
        change.apply(to: &text)
        selection = selection.transformed(by: change)
    }

    /// Takes a held snapshot now that the splice in flight is settled without it (refused, or
    /// taken back), then the updates held after it.
    private mutating func releaseHeldSnapshot() -> OutgoingSplice? {
        guard let snapshot = held else { return nil }
        let sent = resync(text: snapshot.text, revision: snapshot.revision, inFlight: .refused)
        for update in snapshot.updates {
            receive(update.splices, revision: update.revision, member: update.member)
        }
        return sent
    }

    /// Sends the buffer's first splice (a buffer of edits in several places is several splices,
    /// sent one at a time); the rest stays buffered.
    private mutating func sendBuffer() -> OutgoingSplice? {
        guard let pending = buffer else { return nil }
        buffer = nil
        let splices = pending.splices
        guard let first = splices.first else { return nil }
        let operation = TextOperation(first, length: serverText.utf16Length)
        if splices.count > 1 {
            buffer = TextOperation(splices: splices.dropFirst(), length: operation.targetLength)
        }
        let sent = OutgoingSplice(splice: first, base: revision)
        inFlight = InFlight(sent: sent, operation: operation)
        return sent
    }
}
