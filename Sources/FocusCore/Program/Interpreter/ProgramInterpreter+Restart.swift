extension ProgramInterpreter {
    /// The program run again from its start in place of `old`, as re-running an Xcode preview
    /// runs it: every `@State` at its initial value, no field focused, `old`'s pending timers
    /// dropped (the rest of their actions, and of their tasks, never runs), and the first screen
    /// appearing again, so its `onAppear`, `task` and `defaultFocus` run as they did at the start.
    /// Unlike ``carry(_:ids:)`` (a changed source), nothing of `old` is kept but the numbering
    /// of timers and tasks, which goes on, so a timer of `old` that fires anyway names no
    /// pending timer and changes nothing.
    ///
    /// The outcome's events: focus leaving `old`'s field (cause `navigation`: the screen that
    /// had it goes), the switch to the first screen when `old` showed another, the
    /// ``ProgramEventKind/restart``, then the appearance's own. A failure while appearing leaves
    /// the run with its initial values and is returned beside it (a `@State` whose value cannot
    /// be made starts empty, as at the start, and its source's warning says so already).
    public func restart(_ old: ProgramRun, ids: inout some RandomNumberGenerator) -> (
        run: ProgramRun, outcome: ProgramOutcome, failure: ProgramError?
    ) {
        var run = fresh()
        run.nextTimer = old.nextTimer
        run.nextTask = old.nextTask
        var leaving: [ProgramEvent] = []
        if let focused = old.focused, program.screens.indices.contains(old.screen) {
            var machine = machine(for: old, ids: nil)
            let binding = machine.layout().control(focused)?.bindings.first
            let value = binding.map { printer.swift(Machine.cleared(old.value(of: $0.name))) } ?? "nil"
            leaving.append(ProgramEvent(.focus(from: focused, to: nil, value: value, cause: .navigation), line: nil))
        }
        if old.screen != run.screen { leaving.append(ProgramEvent(.screen(run.screen), line: nil)) }
        leaving.append(ProgramEvent(.restart, line: nil))
        let started = appearing(run, ids: &ids)
        return (
            started.run, ProgramOutcome(events: leaving + started.outcome.events, timers: started.outcome.timers),
            started.appearing
        )
    }
}
