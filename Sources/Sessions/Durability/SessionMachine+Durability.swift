import FocusCore
import FocusProtocol

/// A session kept across restarts: its durable snapshot, and rebuilding it from one and the
/// change records stored after it.
extension SessionMachine {
    /// The session as one durable snapshot.
    public func durableState() -> DurableSession {
        DurableSession(
            id: id.rawValue, viewer: viewerID.rawValue, revision: revision, members: membership.members.records,
            joinedEver: membership.members.joinedEver, log: Array(log.recent), lesson: lessons.progress,
            customLesson: lessons.custom,
            source: program.source.compiled.source, run: program.source.run, sourceText: program.source.editedText,
            sourceDiagnostics: program.source.unreadDiagnostics, parent: parent?.rawValue)
    }

    /// A session rebuilt from its snapshot, nobody connected. Replay the changes stored after
    /// the snapshot, then ask for its program's timers with ``rescheduleTimers(into:)``.
    /// - Throws: when its ids are not ids, when it has no source (an earlier FocusSync's built-in
    ///   screens), or when its source no longer compiles.
    public init(
        restoring durable: DurableSession, configuration: SessionConfiguration, compile: @escaping SourceCompiler,
        at time: MachineTime
    ) throws(ReplayError) {
        guard let id = SessionID(durable.id), let viewerID = SessionID(durable.viewer) else { throw .badCapabilities }
        let source = try SourceRun.restoring(durable, compile: compile)
        self.init(
            restoring: durable, running: source, id: id, viewerID: viewerID, configuration: configuration, compile: compile,
            at: time)
    }

    /// Puts back a tab's join or rename that the log stored after the snapshot.
    public mutating func restore(_ member: DurableMember) {
        membership.restore(member)
        presentation.restore(member)
    }

    /// Applies a stored change again through ``evolve(_:ids:)``, exactly as it was applied: same
    /// revision, same draws, same events into the log.
    public mutating func replay(_ change: ChangeRecord) throws(ReplayError) {
        _ = try reapply(change)
    }

    /// Makes this machine a relay's copy of a session (see ``follow(_:into:)``): its viewers are shown
    /// the owner's presence, never the copy's own (``liveMessages()``). The members who
    /// join it, viewers, get ids the owner never gives (`r1`, `r2`…), so none of them ever takes
    /// the id of an editor the owner names later, whose updates the copy follows.
    public mutating func becomeCopy() {
        membership.nameNewMembers(prefix: "r")
        isCopy = true
    }

    /// A copy of a session kept by a process that does not hold it (a relay serving viewers)
    /// applies a change the owner stored, exactly as ``replay(_:)`` does, and broadcasts its
    /// update to the copy's connections as the owner did to its own. Nothing is persisted and no
    /// timer asked for: the owner runs the program, the copy only follows.
    public mutating func follow(_ change: ChangeRecord, into outputs: inout [SessionOutput]) throws(ReplayError) {
        let applied = try reapply(change)
        outputs.append(publish(applied))
        carets.move(over: applied.events) { applied.before.textLength(of: .sourceText, on: .sourceText) }
    }

    private mutating func reapply(_ change: ChangeRecord) throws(ReplayError) -> Evolution.Applied {
        guard change.revision == revision + 1 else { throw .outOfOrder(expected: revision + 1, found: change.revision) }
        if case .intent(let intent, _, _, nil) = change.cause, case .splice = intent.action {
            throw .diverged(revision: change.revision, reason: "a splice stored without the splices it became")
        }
        var draws = ReplayingGenerator(change.draws)
        let evolution: Evolution
        do {
            evolution = try evolve(change, ids: &draws)
        } catch {
            throw .diverged(revision: change.revision, reason: error.message)
        }
        guard case .applied(let applied) = evolution, !draws.ranOut else {
            throw .diverged(revision: change.revision, reason: "it changed nothing, or drew more numbers than it did")
        }
        return applied
    }

    /// After a restore and replay: the timers of the session's program (each started afresh: a
    /// machine keeps no clock; in Present during a lesson they wait for the presenter's Ready
    /// again, as a new timer would), and the source members edited, when it was not read before
    /// the session was stored, to be compiled now.
    public mutating func rescheduleTimers(into outputs: inout [SessionOutput]) {
        let holding = presentation.holdsTimers(lessonFollowed: lessons.progress != nil)
        for timer in program.source.pendingTimers {
            if holding {
                presentation.hold(timer.token, milliseconds: timer.milliseconds)
            } else {
                outputs.append(.schedule(.program(timer.token), afterMilliseconds: presentation.scaled(timer.milliseconds)))
            }
        }
        if !program.source.textChecked { outputs.append(.compileSource(program.source.text)) }
    }
}

extension SourceRun {
    /// What a durable snapshot says a session runs.
    /// - Throws: when it has no source (an earlier FocusSync's built-in screens), when its source
    ///   no longer compiles, or the snapshot lost its run.
    static func restoring(_ durable: DurableSession, compile: SourceCompiler) throws(ReplayError) -> SourceRun {
        guard let text = durable.source else { throw .builtInScreens }
        let edited = durable.sourceText.map(compile) ?? compile(text)
        guard let run = durable.run, var restored = SourceRun(restoring: compile(text), run: run, text: edited) else {
            throw .unreadable(revision: durable.revision, reason: "its SwiftUI source no longer compiles")
        }
        if let shown = durable.sourceDiagnostics {
            // As the live session shows it: the diagnostics of the text read before, no colours.
            (restored.textDiagnostics, restored.textHighlights, restored.textChecked) = (shown, [], false)
        }
        return restored
    }

    /// While the edited text waits to be read: the diagnostics shown meanwhile (see
    /// ``DurableSession/sourceDiagnostics``).
    var unreadDiagnostics: [SourceDiagnostic]? { textChecked ? nil : textDiagnostics }
}
