import FocusCore
import FocusProtocol

/// A session kept across restarts: its durable snapshot, and rebuilding it from one and the
/// change records stored after it.
extension SessionMachine {
    /// The session as one durable snapshot.
    public func durableState() -> DurableSession {
        DurableSession(
            id: id.rawValue, viewer: viewerID.rawValue, revision: revision, state: state, members: membership.members.records,
            joinedEver: membership.members.joinedEver, log: Array(log.recent), lesson: lessons.progress,
            source: program.source?.compiled.source, run: program.source?.run, sourceText: program.source?.editedText,
            sourceDiagnostics: program.source?.unreadDiagnostics)
    }

    /// A session rebuilt from its snapshot, nobody connected. Replay the changes stored after
    /// the snapshot, then ask for a pending auto-focus timer with ``rescheduleAutoFocus(into:)``.
    /// `nil` when its ids are not ids, or when its own source no longer compiles.
    public init?(
        restoring durable: DurableSession, engine: FocusEngine, configuration: SessionConfiguration,
        renderNotes: @escaping @Sendable (String) -> String, compile: @escaping SourceCompiler = SourceCompilers.none,
        at time: MachineTime
    ) {
        guard let id = SessionID(durable.id), let viewerID = SessionID(durable.viewer) else { return nil }
        let source: SourceRun?
        do {
            source = try SourceRun.restoring(durable, compile: compile)
        } catch {
            return nil
        }
        self.init(
            restoring: durable, running: source, id: id, viewerID: viewerID, engine: engine,
            configuration: configuration, renderNotes: renderNotes, compile: compile, at: time)
    }

    /// Puts back a tab's join or rename that the log stored after the snapshot.
    public mutating func restore(_ member: DurableMember) {
        membership.restore(member)
    }

    /// Applies a stored change again through ``evolve(_:ids:)``, exactly as it was applied: same
    /// revision, same draws, same events into the log.
    public mutating func replay(_ change: ChangeRecord) throws(ReplayError) {
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
        guard case .applied = evolution, !draws.ranOut else {
            throw .diverged(revision: change.revision, reason: "it changed nothing, or drew more numbers than it did")
        }
    }

    /// After a restore and replay: the timer of an auto-focus that was pending, and those of the
    /// session's own program (each started afresh: a machine keeps no clock); and the source
    /// members edited, when it was not read before the session was stored, to be compiled now.
    public func rescheduleAutoFocus(into outputs: inout [SessionOutput]) {
        for timer in program.source?.pendingTimers ?? [] {
            outputs.append(.schedule(.program(timer.token), afterMilliseconds: timer.milliseconds))
        }
        if let source = program.source, !source.textChecked { outputs.append(.compileSource(source.text)) }
        guard let pending = program.pendingAutoFocus else { return }
        outputs.append(.schedule(.autoFocus(pending.token), afterMilliseconds: pending.milliseconds))
    }
}

extension SourceRun {
    /// What a durable snapshot says a session runs: `nil` for the built-in screens.
    /// - Throws: when its source no longer compiles, or the snapshot lost its run.
    static func restoring(_ durable: DurableSession, compile: SourceCompiler) throws(ReplayError) -> SourceRun? {
        guard let text = durable.source else { return nil }
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
