import FocusCore
import FocusProtocol

/// A session's own SwiftUI source and the program compiled from it, running. Its input is an
/// intent of the wire, a timer or a new source; its output the events (each with the line of the
/// statement that caused it) and the timers to start.
struct SourceRun: Sendable {
    /// The source that runs, and what reading it said.
    private(set) var compiled: CompiledSource
    /// The source as members edit it, with splices like any field: the running program's, or a
    /// newer text still being compiled, or one with errors (the last good program runs meanwhile).
    var text: String
    /// What reading `text` said once it was compiled; `textChecked` says whether it has been.
    var textDiagnostics: [SourceDiagnostic]
    /// `text`'s syntax colours, set with `textDiagnostics` (none while an edited text waits to be read).
    var textHighlights: SourceHighlights
    var textChecked = true
    private(set) var interpreter: ProgramInterpreter
    private(set) var run: ProgramRun
    /// The current screen laid out from `run`, as the last intent left it (it checks itself
    /// against the run; only a new program makes it meaningless).
    private var laidOut: LaidOutScreen?
    /// The screen as it draws after the last change: what the page shows, and what the next
    /// change's text edits are found against.
    private(set) var drawn: DrawnScreen
    /// The text fields of `drawn` and their texts, worked out once a drawing: a splice reads its
    /// field's text here, and the next drawing's edits are found against them.
    private var drawnTexts: [FocusKey: String]

    /// What one input did, in the session's terms.
    struct Ran: Equatable, Sendable {
        var events: [FocusEvent] = []
        /// The line of each event's statement, in step with `events` (`nil` where no statement did it).
        var lines: [Int?] = []
        var effects: [Effect] = []
        /// Why an action stopped part-way (a timer's continuation that failed): the run is as it
        /// was before that action, and the host logs it.
        var failure: ProgramError?
    }

    /// A fresh run of `compiled`, whose first screen has appeared. `nil` when the source has errors.
    init?(_ compiled: CompiledSource, ids: inout some RandomNumberGenerator, ran: inout Ran) {
        guard let program = compiled.program else { return nil }
        self.compiled = compiled
        (text, textDiagnostics, textHighlights) = (compiled.source, compiled.diagnostics, compiled.highlights)
        interpreter = ProgramInterpreter(program: program)
        let start = interpreter.start(ids: &ids)
        run = start.run
        drawn = DrawnScreen(name: "", content: [], focused: nil, focusValues: [], stateValues: [], keyboardToolbar: [])
        drawnTexts = [:]
        ran = advance(start.outcome, from: start.run, failure: start.failure)
    }

    /// A run restored as a durable snapshot kept it, with the edited text read as `checked`.
    /// `nil` when the running source no longer compiles.
    init?(restoring compiled: CompiledSource, run: ProgramRun, text checked: CompiledSource) {
        guard let program = compiled.program else { return nil }
        self.compiled = compiled
        (text, textDiagnostics, textHighlights) = (checked.source, checked.diagnostics, checked.highlights)
        interpreter = ProgramInterpreter(program: program)
        self.run = run
        drawn = interpreter.draw(run)
        drawnTexts = drawn.texts
    }

    /// The name of the screen showing (its view struct's name).
    var screen: ScreenID { interpreter.name(of: run.screen) }

    /// Applies a member's action, sent from `screen`; a refused action changes nothing.
    mutating func apply(
        _ action: IntentMessage.Action, splices: [TextSplice]?, on screen: ScreenID, seq: Int,
        ids: inout some RandomNumberGenerator
    ) throws(ProtocolError) -> Ran {
        switch action {
        case .splice(.sourceText, _, _, _, _):
            guard let splices else {
                throw ProtocolError(.badSplice, "A splice reached the session without the splices it was rebased into.", seq: seq)
            }
            return edit(splices)
        case .edit(.sourceText, let new):
            return edit([TextSplice(from: text, to: new)])
        default: break
        }
        guard screen == self.screen else {
            throw ProtocolError(FocusError.notCurrentScreen(screen, current: self.screen), seq: seq)
        }
        let intent: ProgramIntent
        // A splice's own splices, which the edit event carries when the field's text is what they make.
        var typed: (key: FocusKey, splices: [TextSplice])?
        switch action {
        case .focus(let key): intent = .focus(key)
        case .tap(let key): intent = .tap(key)
        case .edit(let key, let text):
            try checkLimits(of: text, for: key, seq: seq)
            intent = .edit(key, text)
        case .splice(let key, _, _, _, _):
            guard let splices else {
                throw ProtocolError(.badSplice, "A splice reached the session without the splices it was rebased into.", seq: seq)
            }
            var text = try self.text(of: key, seq: seq)
            TextOperation(splices: splices, length: text.utf16Length).apply(to: &text)
            try checkLimits(of: text, for: key, seq: seq)
            intent = .edit(key, text)
            typed = (key, splices)
        case .submit: intent = .submit
        case .dismiss: intent = .dismiss
        case .restart: return restart(ids: &ids)
        case .navigate(let name):
            guard let index = interpreter.screenNames.firstIndex(of: name.rawValue) else {
                throw ProtocolError(FocusError.unknownScreen(name.rawValue), seq: seq)
            }
            intent = .show(screen: index)
        case .lesson, .writeLesson:
            // The session machine follows lessons; a lesson intent never reaches the program.
            throw ProtocolError(.unknownAction, "A lesson intent is the session's, not the program's.", seq: seq)
        }
        let before = run
        do {
            let (outcome, drawn) = try interpreter.applyAndDraw(intent, to: &run, laidOut: &laidOut, ids: &ids)
            return advance(outcome, from: before, failure: nil, drawn: drawn, typed: typed)
        } catch {
            throw ProtocolError(error, seq: seq)
        }
    }

    /// Refuses a member's text that grows a field past the limits of any session (``Limits``):
    /// `value_too_long` past 10,000 characters, or past 64 KiB of text across the fields drawn.
    private func checkLimits(of new: String, for key: FocusKey, seq: Int) throws(ProtocolError) {
        let limits = Limits()
        let old = drawnTexts[key]?.utf8.count ?? 0
        guard new.utf8.count > old else { return }
        // A UTF-8 length within the limit bounds the character count, so most edits skip counting.
        if new.utf8.count > limits.maxValueLength, new.count > limits.maxValueLength {
            throw ProtocolError(FocusError.valueTooLong(key: key, length: new.count, limit: limits.maxValueLength), seq: seq)
        }
        let total = drawnTexts.values.reduce(0) { $0 + $1.utf8.count } - old + new.utf8.count
        if total > limits.maxSessionTextBytes {
            throw ProtocolError(FocusError.sessionTextFull(limit: limits.maxSessionTextBytes), seq: seq)
        }
    }

    /// The program run again from its start (``ProgramInterpreter/restart(_:ids:)``): the timers
    /// still pending are cancelled, and the fresh run's texts replace the page's.
    mutating func restart(ids: inout some RandomNumberGenerator) -> Ran {
        let before = run
        let restarted = interpreter.restart(before, ids: &ids)
        run = restarted.run
        laidOut = nil
        var ran = advance(restarted.outcome, from: before, failure: restarted.failure)
        ran.effects = before.pendingTimers.map { .cancelProgramTimer($0) } + ran.effects
        return ran
    }

    /// A timer the program set went off.
    mutating func fire(_ token: TimerToken, ids: inout some RandomNumberGenerator) -> Ran {
        let before = run
        do {
            let (outcome, drawn) = try interpreter.applyAndDraw(.timerFired(token), to: &run, laidOut: &laidOut, ids: &ids)
            return advance(outcome, from: before, failure: nil, drawn: drawn)
        } catch {
            // The timer has fired: what it ran changed nothing, and it is pending no longer.
            run.forget(token)
            return Ran(failure: error)
        }
    }

    /// Runs `compiled` (which has no errors) instead, keeping the values and focus that still
    /// exist; a screen showing that never appeared in this run appears (its `onAppear`, `task`
    /// and `defaultFocus` run; a failure there is the run's ``Ran/failure``).
    mutating func replace(with compiled: CompiledSource, ids: inout some RandomNumberGenerator) -> Ran {
        guard let program = compiled.program else { return Ran() }
        let oldScreen = screen
        self.compiled = compiled
        interpreter = ProgramInterpreter(program: program)
        laidOut = nil
        let carried = interpreter.carryAppearing(run, ids: &ids)
        run = carried.run
        var ran = advance(carried.outcome, from: carried.run, failure: carried.failure)
        if oldScreen != screen {
            ran.events.insert(.navigate(from: oldScreen, to: screen), at: 0)
            ran.lines.insert(nil, at: 0)
        }
        return ran
    }

    /// The text of a field a splice is about to change.
    func text(of key: FocusKey, seq: Int?) throws(ProtocolError) -> String {
        if key == .sourceText { return self.text }
        guard let text = drawnTexts[key] else {
            // As an edit of it is refused (the interpreter's words), so both say the same.
            throw ProtocolError(drawn.shows(key) ? ProgramError.notEditable(key) : .unknownControl(key), seq: seq)
        }
        return text
    }

    /// What a change is compared against once it is applied, taken before it.
    var before: ProgramBefore {
        ProgramBefore(
            text: text, textDiagnostics: textDiagnostics, textHighlights: textHighlights, compiledSource: compiled.source,
            run: run, drawn: drawn, drawnTexts: drawnTexts, screen: screen)
    }

    var snapshot: ProgramSnapshot {
        ProgramSnapshot(
            source: text, diagnostics: textDiagnostics, highlights: textHighlights, runs: runsText,
            screens: interpreter.screenNames, drawn: drawn)
    }

    /// Whether the program that runs is the one `text` says.
    var runsText: Bool { text == compiled.source }

    /// The timers still pending, to start again after a restore.
    var pendingTimers: [ScheduledTimer] { run.pendingSchedule }

    /// The events of `outcome` in the session's terms, and the screen drawn anew. A field's text
    /// that changed (typed, or set by a statement) is an `edit` event whose splices turn the text
    /// the page shows into the new one, so the field histories that rebase splices know of it.
    /// `drawn`: the screen after the change, when the interpreter drew it already; `typed`: the
    /// splices a member's splice of a field became (see ``redraw(into:lines:drawn:typed:)``).
    private mutating func advance(
        _ outcome: ProgramOutcome, from before: ProgramRun, failure: ProgramError?, drawn: DrawnScreen? = nil,
        typed: (key: FocusKey, splices: [TextSplice])? = nil
    ) -> Ran {
        var ran = Ran(failure: failure)
        var editLines: [FocusKey: Int] = [:]
        // Events belong to the screen showing when they happened: a screen switch's leaving
        // events to the screen it leaves.
        var screen = interpreter.name(of: before.screen)
        for event in outcome.events {
            switch event.kind {
            case .focus(let from, let to, _, let cause):
                ran.append(.focus(screen: screen, from: from, to: to, cause: cause), line: event.line)
            case .edit(let key):
                if let line = event.line { editLines[key] = line }
            case .state(let name, let value):
                ran.append(.state(screen: screen, name: name, value: value), line: event.line)
            case .timerSet(_, let milliseconds):
                ran.append(.timerSet(screen: screen, afterMilliseconds: milliseconds), line: event.line)
            case .screen(let index):
                ran.append(.navigate(from: screen, to: interpreter.name(of: index)), line: event.line)
                screen = interpreter.name(of: index)
            case .restart:
                ran.append(.restart(screen: screen), line: event.line)
            }
        }
        ran.effects = outcome.timers.map { .scheduleProgramTimer($0.token, afterMilliseconds: $0.milliseconds) }
        redraw(into: &ran, lines: editLines, drawn: drawn, typed: typed)
        return ran
    }

    /// Draws the screen anew (or takes `new`, drawn already) and adds an `edit` event for each
    /// field whose text changed. The fields of a screen that has just come start from empty
    /// texts, as the page's copies of them do: a key names a field on one screen only. The edit of a
    /// field a member spliced carries those splices when they make its new text (the page's splice
    /// client checks its acknowledged splice against them, and the field's history rebases later
    /// splices over them); otherwise, and for every other field, one splice from the old text.
    private mutating func redraw(
        into ran: inout Ran, lines: [FocusKey: Int], drawn new: DrawnScreen? = nil,
        typed: (key: FocusKey, splices: [TextSplice])? = nil
    ) {
        let (previousName, previousTexts, previousContent) = (drawn.name, drawnTexts, drawn.content)
        drawn = new ?? interpreter.draw(run)
        // The same views draw the same texts (a focus move mostly keeps the very layout, so this
        // is one comparison of storage), and no field's text changed.
        if previousName == drawn.name, previousContent == drawn.content { return }
        let texts = drawn.textsInOrder
        drawnTexts = Dictionary(texts, uniquingKeysWith: { first, _ in first })
        let old = previousName == drawn.name ? previousTexts : [:]
        let screen = self.screen
        for (key, new) in texts where (old[key] ?? "") != new {
            let previous = old[key] ?? ""
            var ops = [TextSplice(from: previous, to: new)]
            // The splices were made on the text drawn before, so only while the same screen shows.
            if let typed, typed.key == key, previousName == drawn.name,
                TextOperation(splices: typed.splices, length: previous.utf16Length).applied(to: previous) == new
            {
                ops = typed.splices
            }
            ran.append(.edit(screen: screen, key: key, ops: ops), line: lines[key])
        }
    }
}

extension ProgramInterpreter {
    /// The screen at `index` by its view struct's name.
    func name(of index: Int) -> ScreenID {
        ScreenID(rawValue: screenNames.indices.contains(index) ? screenNames[index] : "")
    }
}

extension DrawnScreen {
    /// Every text field's key and text, in draw order.
    var textsInOrder: [(FocusKey, String)] {
        var texts: [(FocusKey, String)] = []
        func visit(_ views: [DrawnView]) {
            for view in views {
                if let key = view.key, view.kind.isTextInput { texts.append((key, view.value ?? "")) }
                visit(view.content)
            }
        }
        visit(content)
        return texts
    }

    var texts: [FocusKey: String] { Dictionary(textsInOrder, uniquingKeysWith: { first, _ in first }) }

    /// Whether a view drawn, a toolbar's button included, has `key`.
    func shows(_ key: FocusKey) -> Bool {
        func search(_ views: [DrawnView]) -> Bool { views.contains { $0.key == key || search($0.content) } }
        return search(content) || search(keyboardToolbar) || search(toolbar)
    }
}

extension DrawnView.Kind {
    var isTextInput: Bool { self == .textField || self == .secureField || self == .textEditor }
}

extension SourceRun.Ran {
    mutating func append(_ event: FocusEvent, line: Int?) {
        events.append(event)
        lines.append(line)
    }
}

extension SourceRun {
    /// The merge patch of the snapshot's `program` from `before` to now: the drawn screen's
    /// members that changed (`focused` spelled out, `null` when no field has focus any more), and
    /// the source, its diagnostics, highlights and screens when they changed.
    func patch(since before: ProgramBefore) -> JSONObject {
        var patch = JSONObject()
        if before.text != text { patch["source"] = .string(text) }
        if before.textDiagnostics != textDiagnostics { patch["diagnostics"] = JSONValue(encoding: textDiagnostics) }
        if before.textHighlights != textHighlights { patch["highlights"] = JSONValue(encoding: textHighlights) }
        if before.runsText != runsText { patch["runs"] = .bool(runsText) }
        // A compile is pure: the same source compiled the same program.
        if before.compiledSource != compiled.source { patch["screens"] = JSONValue(encoding: interpreter.screenNames) }
        let drawn = drawn.mergePatch(since: before.drawn)
        if !drawn.isEmpty { patch["drawn"] = .object(drawn) }
        return patch
    }
}

extension DrawnScreen {
    /// The members of this screen that differ from `before` (all of them without one), so a
    /// focus move sends its focus and not the whole screen again. Names, keys and printed values
    /// go in as the JSON they are (a merge patch is made with every change); views through
    /// their encoding.
    func mergePatch(since before: DrawnScreen?) -> JSONObject {
        var patch = JSONObject()
        func put(_ key: CodingKeys, _ changed: Bool, _ value: @autoclosure () -> JSONValue) {
            if changed { patch[key.stringValue] = value() }
        }
        put(.name, before?.name != name, .string(name))
        put(.content, before?.content != content, JSONValue(writing: content))
        put(.focused, before == nil || before?.focused != focused, focused.map { .string($0.codedText) } ?? .null)
        put(.focusValues, before?.focusValues != focusValues, focusValues.json)
        put(.stateValues, before?.stateValues != stateValues, stateValues.json)
        put(.keyboardToolbar, before?.keyboardToolbar != keyboardToolbar, JSONValue(writing: keyboardToolbar))
        put(.toolbar, before?.toolbar != toolbar, JSONValue(writing: toolbar))
        return patch
    }
}

extension [NamedValue] {
    /// The values as their `Codable` conformance writes them: `[{"name":…,"value":…}]`.
    var json: JSONValue {
        .array(map { .object(JSONObject([("name", .string($0.name)), ("value", .string($0.value))])) })
    }
}
