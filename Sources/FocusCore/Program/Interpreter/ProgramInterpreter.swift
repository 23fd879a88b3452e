/// Runs a ``SwiftUIProgram`` as SwiftUI would run its focus code: state, focus, actions, timers.
///
/// Pure: no clock (the host fires timers), no randomness of its own (fresh `UUID()`s come from
/// the caller's generator), no I/O. Every intent works on a copy of the run, so a throw leaves
/// the run as it was.
///
/// Focus follows SwiftUI's rules: when an action has assigned a focus state, the last field
/// drawn bound to the new value takes focus (none: the state falls back to nil/false); a tap
/// focuses the tapped field and gives every focus state its binding's value on it (nil/false
/// for the others); a focused field that stops showing, or is disabled, loses focus; Return runs
/// the `onSubmit` actions around the field, innermost first, and then ends editing unless one
/// of them moved focus (in a `TextEditor` or a vertical field it inserts a new line instead).
public struct ProgramInterpreter: Sendable {
    /// The program this interpreter runs.
    public let program: SwiftUIProgram
    /// How much one action may do.
    public let limits: ProgramLimits
    /// How the program's values print, made once for every action.
    let printer: ValueText
    /// What each control is called on the wire, worked out once for every action.
    let names: ControlNames

    /// An interpreter of `program`, stopping any action past `limits`.
    public init(program: SwiftUIProgram, limits: ProgramLimits = .init()) {
        self.program = program
        self.limits = limits
        printer = ValueText(program: program)
        names = ControlNames(program: program)
        screenNames = program.screens.map(\.name)
    }

    /// The screens' view names, in order (a screen's index is its place here); made once, as
    /// every change names its screen.
    public let screenNames: [String]

    /// A fresh run: every screen's initial values; the first screen appears (its `onAppear`,
    /// `task` and `defaultFocus` run). A state whose initial value cannot be made starts empty
    /// and the screen still appears; the first such failure is returned beside the run. A failure
    /// while appearing leaves the run with its initial values.
    public func start(ids: inout some RandomNumberGenerator) -> (
        run: ProgramRun, outcome: ProgramOutcome, failure: ProgramError?
    ) {
        let started = appearing(fresh(), ids: &ids)
        return (started.run, started.outcome, started.initialising ?? started.appearing)
    }

    /// `run` (fresh, its values not yet made) with its values made and its first screen appeared,
    /// with the first value that could not be made and the failure that stopped the appearing.
    func appearing(_ run: ProgramRun, ids: inout some RandomNumberGenerator) -> (
        run: ProgramRun, outcome: ProgramOutcome, initialising: ProgramError?, appearing: ProgramError?
    ) {
        var machine = machine(for: run, ids: ids)
        let initialising = machine.initialiseScreens()
        guard !program.screens.isEmpty else { return (machine.run, ProgramOutcome(), initialising, nil) }
        let initial = machine
        do {
            let before = machine.watchedValues()
            try machine.appear()
            try machine.fireChanges(since: before)
        } catch {
            var run = initial.run
            run.screens[run.screen].appeared = true
            ids = Self.generator(initial.ids, like: ids)
            return (run, ProgramOutcome(), initialising, error)
        }
        ids = Self.generator(machine.ids, like: ids)
        return (machine.run, machine.outcome, initialising, nil)
    }

    /// Applies an intent to a run. A throw leaves `run` (and `ids`) exactly as they were.
    public func apply(_ intent: ProgramIntent, to run: inout ProgramRun, ids: inout some RandomNumberGenerator)
        throws(ProgramError) -> ProgramOutcome
    {
        try handled(intent, on: &run, laidOut: nil, ids: &ids).outcome
    }

    /// Applies an intent to a run and draws the screen after it, from the layout the action
    /// ended with. `laidOut` is the layout of `run` as it is (kept from the last call, `nil`
    /// when the run changed in between); it comes back as the layout of the new run. A throw
    /// leaves `run`, `laidOut` and `ids` exactly as they were.
    public func applyAndDraw(
        _ intent: ProgramIntent, to run: inout ProgramRun, laidOut: inout LaidOutScreen?,
        ids: inout some RandomNumberGenerator
    ) throws(ProgramError) -> (outcome: ProgramOutcome, drawn: DrawnScreen) {
        var machine = try handled(intent, on: &run, laidOut: laidOut?.layout, ids: &ids)
        machine.ids = nil
        let drawn = machine.drawn()
        laidOut = machine.laidOut.map(LaidOutScreen.init)
        return (machine.outcome, drawn)
    }

    /// The machine that handled `intent`, its run and ids handed back to the caller.
    private func handled(
        _ intent: ProgramIntent, on run: inout ProgramRun, laidOut: Layout?, ids: inout some RandomNumberGenerator
    ) throws(ProgramError) -> Machine {
        var machine = machine(for: run, ids: ids)
        machine.laidOut = laidOut
        try machine.handle(intent)
        run = machine.run
        ids = Self.generator(machine.ids, like: ids)
        return machine
    }

    /// The current screen as the phone shows it.
    public func draw(_ run: ProgramRun) -> DrawnScreen {
        var machine = machine(for: run, ids: nil)
        return machine.drawn()
    }

    /// The text of a field of the current screen (a toggle's `"true"`/`"false"`).
    public func text(of key: ControlKey, in run: ProgramRun) throws(ProgramError) -> String {
        guard program.screens.indices.contains(run.screen), run.screens.indices.contains(run.screen) else {
            throw .unknownScreen(run.screen)
        }
        var machine = machine(for: run, ids: nil)
        let layout = machine.layout()
        guard let control = layout.control(key) else { throw .unknownControl(key) }
        var scope = control.scope
        machine.line = control.line
        switch control.kind {
        case .text(let input): return try machine.text(input.text, &scope)
        case .toggle(let isOn): return try machine.text(isOn, &scope)
        case .button: throw .notEditable(key)
        }
    }

    func machine(for run: ProgramRun, ids: (any RandomNumberGenerator)?) -> Machine {
        Machine(program: program, limits: limits, printer: printer, names: names, run: run, ids: ids)
    }

    func fresh() -> ProgramRun {
        let screens = program.screens.map {
            ScreenRun(name: $0.name, values: [:], stateNames: [], focusNames: [], focused: nil, appeared: false)
        }
        return ProgramRun(screen: 0, screens: screens, timers: [], nextTimer: 1)
    }

    /// The caller's generator back from the machine, advanced by the ids it drew.
    static func generator<G: RandomNumberGenerator>(_ box: (any RandomNumberGenerator)?, like original: G) -> G {
        (box as? G) ?? original
    }
}

/// A screen laid out from a run, kept by the caller between intents so the next one need not
/// lay it out again. Valid only for the run it was made from, unchanged.
public struct LaidOutScreen: Sendable {
    let layout: Layout
}
