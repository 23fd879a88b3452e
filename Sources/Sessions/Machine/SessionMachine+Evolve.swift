import FocusCore
import FocusProtocol

/// What evolving a change did.
enum Evolution {
    /// Nothing changed (a live intent is answered `ack` with the reason; a replayed one diverged).
    case unchanged(AckReason)
    case applied(Applied)

    struct Applied {
        /// The change as it was applied, with the numbers it drew.
        let record: ChangeRecord
        /// The member whose intent made the change and its `seq` (`nil` for the server's timer).
        let author: MemberID?
        let seq: Int?
        let events: [FocusEvent]
        /// The line of the source statement behind each event, in step with `events`.
        let lines: [Int?]
        let effects: [Effect]
        /// The program and the lesson before the change, for the merge patch of an update.
        let before: ProgramBefore
        let lessonBefore: LessonProgress?
        let faults: [SessionFault]
    }
}

/// The one step that moves a session forward. The live path, restore, replay and the timeline
/// all go through it, so a session rebuilt from its records is the session that made them.
extension SessionMachine {
    /// Applies `change` (the next revision): its cause to the program, the lesson's check of it,
    /// the author's last `seq`, the text histories, the log, the revision and the timeline.
    /// Numbers the change draws come from `ids`, and the record kept says which.
    /// - Throws: the refusal a member is told when the cause cannot be applied; the session is
    ///   then as it was.
    mutating func evolve(_ change: ChangeRecord, ids: inout some ChangeDraws) throws(ProtocolError) -> Evolution {
        let before = program.source.before
        let lessonBefore = lessons.progress
        var faults: [SessionFault] = []
        var outcome: Outcome
        var lines: [Int?] = []
        switch change.cause {
        case .intent(let message, _, _, let applied):
            if case .lesson(let id, let step) = message.action {
                outcome = try startLesson(id, step: step, seq: message.seq, ids: &ids)
            } else if case .writeLesson(let lesson) = message.action {
                outcome = try writeLesson(lesson, seq: message.seq, ids: &ids)
            } else {
                let ran = try program.apply(message, splices: applied, ids: &ids)
                // Only a restart applies with a failure: its screen stopped part-way through appearing.
                if let failure = ran.failure { faults.append(.restartStopped(failure)) }
                (outcome, lines) = ran.outcome(changing: before, to: program.source)
                followLesson(&outcome)
            }
        case .programTimer(let token):
            let ran = program.fire(token, ids: &ids)
            if let failure = ran.failure { faults.append(.timerStopped(failure)) }
            (outcome, lines) = ran.outcome(changing: before, to: program.source)
            followLesson(&outcome)
        case .source(let text):
            if let ran = program.checkSource(text, ids: &ids) {
                if let failure = ran.failure { faults.append(.appearStopped(failure)) }
                // A new text, or new diagnostics, is a change even when it draws the same screen.
                (outcome, lines) = (.applied(events: ran.events, effects: ran.effects), ran.lines)
                followLesson(&outcome)
            } else {
                outcome = .unchanged(.unchanged)
            }
        }
        let events: [FocusEvent]
        let effects: [Effect]
        switch outcome {
        case .unchanged(let reason): return .unchanged(reason)
        case .applied(let applied, let asked): (events, effects) = (applied, asked)
        }
        var author: MemberID?
        var seq: Int?
        if case .intent(let message, let clientId, let member, _) = change.cause {
            noteHandled(message, clientId: clientId, author: member)
            (author, seq) = (member, message.seq)
        }
        texts.record(events, lengthBefore: before.textLength, revision: change.revision, by: author)
        revision = change.revision
        log.append(events, lines: lines, revision: revision, at: change.at, by: author, seq: seq)
        var kept = change
        kept.draws = ids.drawn
        timeline.append(kept)
        checkpointIfDue()
        return .applied(
            Evolution.Applied(
                record: kept, author: author, seq: seq, events: events, lines: lines, effects: effects, before: before,
                lessonBefore: lessonBefore, faults: faults))
    }

    /// Starts a lesson at `step`, showing the lesson's screen, or stops it.
    private mutating func startLesson(_ id: LessonID?, step: Int, seq: Int, ids: inout some RandomNumberGenerator)
        throws(ProtocolError) -> Outcome
    {
        guard let id else {
            guard lessons.progress != nil else { return .unchanged(.unchanged) }
            lessons.follow(nil)
            return .applied(events: [], effects: [])
        }
        let start = try lessons.start(id, step: step, showing: program.currentScreen, seq: seq)
        guard program.has(start.lesson.screen) else {
            let opening = start.lesson.example.map { " (open the example \($0) to follow it)" } ?? ""
            throw ProtocolError(
                .unknownLesson,
                "The lesson '\(id.rawValue)' runs on the screen \(start.lesson.screen.rawValue), which this session does not have\(opening).",
                seq: seq)
        }
        var events: [FocusEvent] = []
        var effects: [Effect] = []
        if let screen = start.screen {
            let shown = try program.apply(
                IntentMessage(seq: seq, screen: program.currentScreen, action: .navigate(screen)), splices: nil, ids: &ids)
            events += shown.events
            effects += shown.effects
        }
        guard start.progress != lessons.progress || !events.isEmpty else { return .unchanged(.unchanged) }
        lessons.follow(start.progress)
        return .applied(events: events, effects: effects)
    }

    /// Keeps a lesson a teacher wrote for the session's source, once checked against it, and
    /// starts it at its first step; a lesson refused changes nothing.
    private mutating func writeLesson(_ lesson: Lesson, seq: Int, ids: inout some RandomNumberGenerator)
        throws(ProtocolError) -> Outcome
    {
        let source = program.source
        // Lines as the editor numbers them: of the text members edit, whether it runs yet or not.
        let lineCount = source.text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
        try lessons.check(lesson, lineCount: lineCount, has: source.has, seq: seq)
        let kept = lessons.custom
        lessons.keep(lesson)
        let started: Outcome
        do {
            started = try startLesson(lesson.id, step: 0, seq: seq, ids: &ids)
        } catch {
            lessons.keep(kept)
            throw error
        }
        // A new lesson kept at the step already followed is a change all the same.
        guard case .unchanged = started, kept != lesson else { return started }
        return .applied(events: [], effects: [])
    }

    /// After an applied change: checks it against the lesson's current step; a passed step moves
    /// the lesson on.
    private mutating func followLesson(_ outcome: inout Outcome) {
        guard case .applied(let events, _) = outcome, let followed = lessons.current else { return }
        lessons.observe(events: events, after: program.lessonScene(on: followed.lesson.screen))
    }

    /// The author's bookkeeping for an applied intent: its last `seq`, and for a splice the `seq`
    /// its next snapshot reports for the field. A replayed change by a tab the snapshot no longer
    /// remembers brings it back.
    private mutating func noteHandled(_ message: IntentMessage, clientId: String, author: MemberID) {
        if !membership.remembers(clientId) {
            membership.restore(
                DurableMember(
                    clientId: clientId, member: Member(member: author, name: author.rawValue, color: MemberColors.palette[0]),
                    lastSeq: 0))
        }
        membership.update(clientId) { record in
            record.lastSeq = max(record.lastSeq, message.seq)
            if case .splice(let key, _, _, _, _) = message.action {
                record.splices[FieldName(intentOn: message.screen, key).description] = message.seq
            }
        }
    }

    /// Hands the timeline a checkpoint when one is due.
    private mutating func checkpointIfDue() {
        guard timeline.wantsCheckpoint else { return }
        // Only what rebuilding needs: replay restores the members a change names.
        timeline.checkpoint(
            DurableSession(
                id: id.rawValue, viewer: viewerID.rawValue, revision: revision, members: [], joinedEver: 0,
                log: Array(log.recent), lesson: lessons.progress, customLesson: lessons.custom,
                source: program.source.compiled.source,
                run: program.source.run, sourceText: program.source.editedText,
                sourceDiagnostics: program.source.unreadDiagnostics))
    }
}

extension IntentMessage {
    /// Whether the intent starts, moves or stops a lesson (such a change is not itself a move the
    /// lesson checks).
    var isLesson: Bool {
        if case .lesson = action { return true }
        return false
    }
}

extension SourceRun.Ran {
    /// The run in the terms of FocusCore's outcome, with the lines beside, for an input that
    /// took the program from `before` to `after`. Nothing to tell is nothing changed only when
    /// the program's run is as it was: a timer that wakes in a cancelled task and returns (the
    /// gift's auto-focus after a tap) leaves the pending timers, and a tap on a button that only
    /// cancels a task sets the task's cancelled flag, both without an event. Such an input is a
    /// change all the same, recorded and published with no events. Otherwise the live run would
    /// hold what no record says: a restored session or the timeline would still wait for a timer
    /// the host has fired and dropped, and a replay would let a cancelled task focus a field.
    func outcome(changing before: ProgramBefore, to after: SourceRun) -> (Outcome, [Int?]) {
        guard events.isEmpty, effects.isEmpty else { return (.applied(events: events, effects: effects), lines) }
        // Compared only when nothing was told, which is rare.
        guard before.run != after.run else { return (.unchanged(.unchanged), []) }
        return (.applied(events: [], effects: []), [])
    }
}
