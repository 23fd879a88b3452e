/// What the machine tells its ``Tracer`` while it follows an action for Step. Without a tracer
/// (every action but one being stepped) each of these is one check of `nil`.
extension Machine {
    /// The current screen's focus states and their values, as the drawn screen prints them.
    var focusStates: [NamedValue] {
        guard run.screens.indices.contains(run.screen) else { return [] }
        let screen = current
        return screen.focusNames.map { NamedValue(name: $0, value: printer.swift(screen.values[$0] ?? .none, short: true)) }
    }

    mutating func traceBegin(_ span: SourceSpan) {
        guard tracer != nil else { return }
        let focus = focusStates
        tracer?.begin(span, focus: focus)
    }

    mutating func traceEnd() {
        guard tracer != nil else { return }
        let focus = focusStates
        tracer?.end(focus: focus)
    }

    /// `expression` read as `value` by the statement running (laying the screen out reads too,
    /// but for no statement). `base`: the expression `expression` is a member of.
    mutating func traceRead(_ expression: Expression, _ value: ProgramValue, base: Expression? = nil) {
        guard tracer != nil, layoutReads == nil else { return }
        let (focus, shown) = (focusStates, printer.swift(value, short: true))
        tracer?.read(expression.written, shown, replacing: base?.written, focus: focus)
    }

    /// The storage `name` took `value` in the statement running (focus moving after an action
    /// writes too, but for no statement).
    mutating func traceWrite(_ name: String, _ value: ProgramValue) {
        guard tracer != nil, layoutReads == nil else { return }
        let (focus, shown) = (focusStates, printer.swift(value, short: true))
        tracer?.wrote(name, shown, focus: focus)
    }
}

extension ProgramInterpreter {
    /// What `intent` would do to `run`, statement by statement, for Step: `run` is not changed,
    /// and the fresh ids it would draw come from a copy of `ids`. At most `limit` statements
    /// are kept (``ProgramTrace/truncated`` says whether it ran more). Throws what applying it
    /// would throw.
    public func trace(
        _ intent: ProgramIntent, on run: ProgramRun, ids: some RandomNumberGenerator, keeping limit: Int = 1_000
    ) throws(ProgramError) -> ProgramTrace {
        var machine = machine(for: run, ids: ids)
        machine.tracer = Tracer(limit: limit)
        try machine.handle(intent)
        return machine.tracer?.finished(focus: machine.focusStates) ?? ProgramTrace(statements: [], truncated: false)
    }
}
