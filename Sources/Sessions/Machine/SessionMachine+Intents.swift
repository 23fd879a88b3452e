import FocusCore
import FocusProtocol

/// The live path: an intent or a timer decided into a change record, evolved, stored and
/// published.
extension SessionMachine {
    mutating func apply(
        _ message: IntentMessage, from connection: ConnectionID, clientId: String, role: Role, at time: MachineTime,
        ids: inout some RandomNumberGenerator, into outputs: inout [SessionOutput]
    ) {
        guard role == .editor else {
            refuse(
                connection,
                ProtocolError(.readOnly, "This is a viewer link: it shows the session but cannot change it.", seq: message.seq),
                into: &outputs)
            return
        }
        guard let record = membership[clientId] else { return }
        guard message.seq > record.lastSeq else {
            outputs.append(.send(.ack(seq: message.seq, reason: .duplicate), to: connection))
            return
        }
        // While an action is held for Step, nothing else changes the session.
        if stepping.held != nil, let stepper = stepping.stepper {
            let error = FocusError.stepping(by: name(of: stepper.member), yours: stepper.clientId == clientId)
            refuse(connection, ProtocolError(error, seq: message.seq), into: &outputs)
            return
        }
        let cause: ChangeRecord.Cause
        do {
            cause = try decide(message, clientId: clientId, member: record.member.member)
        } catch {
            refuse(connection, error, into: &outputs)
            return
        }
        if stepping.isStepper(clientId), hold(message, cause: cause, ids: ids, into: &outputs) { return }
        let decided = ChangeRecord(revision: revision + 1, at: time.wallMilliseconds, cause: cause, draws: [])
        commit(decided, seq: message.seq, clientId: clientId, answering: connection, at: time, ids: &ids, into: &outputs)
    }

    /// Evolves a member's decided intent and answers it: with the update, a refusal, or an `ack`
    /// when it changed nothing (`connection`: the tab's, if it is still connected).
    mutating func commit(
        _ decided: ChangeRecord, seq: Int, clientId: String, answering connection: ConnectionID?, at time: MachineTime,
        ids: inout some RandomNumberGenerator, into outputs: inout [SessionOutput]
    ) {
        guard let reason = change(decided, at: time, ids: &ids, refusingTo: connection, into: &outputs) else { return }
        // No change record carries this seq, so the member's record does: after a restart a
        // resent copy is still a duplicate, never applied late to a newer state.
        membership.update(clientId) { $0.lastSeq = seq }
        if let handled = membership[clientId] { outputs.append(.persist(.member(handled))) }
        if let connection { outputs.append(.send(.ack(seq: seq, reason: reason), to: connection)) }
    }

    /// What an intent will change, decided against the session now: a splice is rebased over
    /// its field's history, and the change records the splices it became (replay applies those).
    private func decide(_ message: IntentMessage, clientId: String, member: MemberID) throws(ProtocolError) -> ChangeRecord.Cause
    {
        guard case .splice(let key, let base, let at, let delete, let insert) = message.action else {
            return .intent(message, clientId: clientId, member: member, applied: nil)
        }
        // The field first: a splice of a field that is gone (its row removed) says so, before
        // any rebasing over a history that went with it.
        let text = try program.text(of: key, seq: message.seq)
        let splice = TextSplice(at: at, delete: delete, insert: insert)
        switch texts.rebase(
            splice, of: FieldName(intentOn: message.screen, key), base: base, member: member, current: revision, text: text)
        {
        case .success(let rebased): return .intent(message, clientId: clientId, member: member, applied: rebased.splices)
        case .failure(let error): throw ProtocolError(FocusError.splice(error), seq: message.seq)
        }
    }

    /// Evolves a decided change and performs what it asks: the record stored, the update
    /// broadcast, the effects run. Returns why nothing changed, if nothing did; a refused change
    /// is answered on `connection` (a timer's change has nobody to answer).
    @discardableResult
    mutating func change(
        _ change: ChangeRecord, at time: MachineTime, ids: inout some RandomNumberGenerator,
        refusingTo connection: ConnectionID? = nil,
        into outputs: inout [SessionOutput]
    ) -> AckReason? {
        var recorder = RecordingGenerator(ids)
        let evolution: Evolution
        do {
            evolution = try evolve(change, ids: &recorder)
        } catch {
            if let connection { refuse(connection, error, into: &outputs) }
            return nil
        }
        ids = recorder.base
        switch evolution {
        case .unchanged(let reason):
            return reason
        case .applied(let applied):
            outputs.append(.persist(.change(applied.record)))
            for fault in applied.faults { outputs.append(.fault(fault)) }
            outputs.append(publish(applied))
            // After the update: a page moves the carets it draws over the update's edits, as this does.
            carets.move(over: applied.events) { applied.before.textLength(of: .sourceText, on: .sourceText) }
            run(applied.effects, at: time, into: &outputs)
            if !program.source.textChecked, applied.events.contains(where: \.editsSource) {
                outputs.append(.compileSource(program.source.text))
            }
            return nil
        }
    }

    /// The one update broadcast for an evolved change: its events and a merge patch of what they
    /// changed.
    func publish(_ applied: Evolution.Applied) -> SessionOutput {
        let record = applied.record
        var patch = JSONObject()
        patch["screen"] = .string(program.source.screen.rawValue)
        patch["program"] = .object(program.source.patch(since: applied.before))
        if lessons.progress != applied.lessonBefore { patch["lesson"] = JSONValue(encoding: lessons.progress) }
        if case .intent(let message, _, _, _) = record.cause, case .writeLesson = message.action {
            patch["customLesson"] = JSONValue(encoding: lessons.custom)
        }
        return .broadcast(
            .update(
                UpdateMessage(
                    revision: record.revision, by: applied.author, seq: applied.seq, at: record.at, events: applied.events,
                    lines: applied.lines, patch: patch)))
    }
}
