/// One action of a program at work: a copy of the run it changes, the events it emits and the
/// timers it sets. The interpreter makes one for each intent and keeps its run only when the
/// whole action succeeded, so a throw leaves the caller's run as it was.
struct Machine {
    let program: SwiftUIProgram
    let limits: ProgramLimits
    let printer: ValueText
    let names: ControlNames
    var run: ProgramRun {
        didSet { layoutChecked = false }
    }
    /// The current screen as last laid out, kept while what it read stays (see `layout()`).
    var laidOut: Layout? {
        didSet { layoutChecked = false }
    }
    /// Whether `laidOut` is known to hold for `run` as it is: set by `layout()`, cleared by any
    /// change of either, so a layout asked for again with nothing changed is not checked again.
    var layoutChecked = false
    /// The storage a layout in progress has read.
    var layoutReads: Set<String>?
    /// The caller's id generator; `nil` while drawing, where fresh ids count up from zero.
    var ids: (any RandomNumberGenerator)?
    var drawnIDs: UInt64 = 0
    var events: [ProgramEvent] = []
    var timers: [ScheduledTimer] = []
    var steps = 0
    var depth = 0
    /// Why focus moves if this action moves it.
    var cause: FocusCause = .binding
    /// The line of the statement running (`nil` for a person's tap or edit).
    var line: Int?
    /// Focus states this action assigned, in the order of their last assignment, with its line
    /// and whether it was made inside a transaction without animation (then focus moves straight
    /// to the new field instead of passing through no field).
    var focusWrites: [(name: String, line: Int?, direct: Bool)] = []
    /// The transaction the running statement is in: `false` for `withTransaction(Transaction(animation:
    /// nil))` or `withAnimation(nil)`, `true` for an animated one, `nil` outside any.
    var animation: Bool?
    /// The kept `Task` the running statements belong to (its `Task.isCancelled`).
    var runningTask: UInt64?
    /// The enum a `return .case` of the running method is a case of, from its return type.
    var returnHint: String?
    /// The line of the last statement that changed state, for focus dropped by what it hid.
    var lastChange: Int?
    /// Follows the action statement by statement, when it is being stepped through.
    var tracer: Tracer?

    init(
        program: SwiftUIProgram, limits: ProgramLimits, printer: ValueText, names: ControlNames, run: ProgramRun,
        ids: (any RandomNumberGenerator)?
    ) {
        self.program = program
        self.limits = limits
        self.printer = printer
        self.names = names
        self.run = run
        self.ids = ids
    }

    var outcome: ProgramOutcome { ProgramOutcome(events: events, timers: timers) }

    var screenDeclaration: ViewDeclaration { program.screens[run.screen] }

    /// The current screen's run, read and changed in place: a `get` would copy it out for every
    /// read, and a `set` copy its values for every store (the copy being changed shares them).
    var current: ScreenRun {
        _read { yield run.screens[run.screen] }
        _modify { yield &run.screens[run.screen] }
    }

    /// A runtime error at the running statement's line.
    func failure(_ message: String) -> ProgramError {
        .runtime(line: line ?? 0, message: message)
    }

    /// Counts one executed statement against the budget.
    mutating func step() throws(ProgramError) {
        steps += 1
        if steps > limits.steps { throw .stepBudgetExceeded(line: line ?? 0) }
    }

    mutating func emit(_ kind: ProgramEventKind) {
        events.append(ProgramEvent(kind, line: line))
    }

    /// A fresh `UUID()`: from the caller's generator, or counted while drawing.
    mutating func freshID() -> RowID {
        guard var generator = ids else {
            drawnIDs += 1
            return RowID(high: 0, low: drawnIDs)
        }
        let id = RowID.random(using: &generator)
        ids = generator
        return id
    }

    /// The current screen as the phone shows it.
    mutating func drawn() -> DrawnScreen {
        guard program.screens.indices.contains(run.screen), run.screens.indices.contains(run.screen) else {
            return DrawnScreen(name: "", content: [], focused: nil, focusValues: [], stateValues: [], keyboardToolbar: [])
        }
        // The layout's parts read where they are kept, not the whole layout copied out.
        guard layOutIfNeeded(), let controls = laidOut?.controls else {
            return DrawnScreen(name: "", content: [], focused: nil, focusValues: [], stateValues: [], keyboardToolbar: [])
        }
        let screen = current
        let focused = screen.focused.flatMap { key in controls.contains { $0.key == key } ? key : nil }
        let show = { [printer] (name: String) in
            NamedValue(name: name, value: printer.swift(screen.values[name] ?? .none, short: true))
        }
        return DrawnScreen(
            name: screenDeclaration.name, content: laidOut?.content ?? [], focused: focused,
            focusValues: screen.focusNames.map(show), stateValues: screen.stateNames.map(show),
            keyboardToolbar: focused == nil ? [] : laidOut?.keyboard ?? [], toolbar: laidOut?.toolbar ?? [])
    }

    // MARK: Declarations

    func declaration(of view: Scope.View) -> ViewDeclaration? {
        switch view {
        case .screen: program.screens.indices.contains(run.screen) ? screenDeclaration : nil
        case .component(let name, _): program.components.first { $0.name == name }
        }
    }

    /// The enum a type name means, from inside the view `near`: `Field` is `LoginForm.Field`.
    func enumDeclaration(_ name: String, near view: String? = nil) -> EnumDeclaration? {
        if let exact = program.enums.first(where: { $0.name == name }) { return exact }
        if let view, let nested = program.enums.first(where: { $0.name == view + "." + name }) { return nested }
        return program.enums.first { $0.name.hasSuffix("." + name) }
    }

    func modelDeclaration(_ name: String, near view: String? = nil) -> ModelDeclaration? {
        if let exact = program.models.first(where: { $0.name == name }) { return exact }
        if let view, let nested = program.models.first(where: { $0.name == view + "." + name }) { return nested }
        return program.models.first { $0.name.hasSuffix("." + name) }
    }

    /// The enum named by a declared type (`Field?`, `LoginForm.Field`), if it is one.
    func enumName(of type: TypeName?, near view: String? = nil) -> String? {
        switch type {
        case .named(let name)?: enumDeclaration(name, near: view)?.name
        case .optional(let inner)?: enumName(of: inner, near: view)
        default: nil
        }
    }

    /// The enum of the case `name` when nothing else says which: the hint, then the only one.
    func enumHaving(_ caseName: String, hint: String?) -> EnumDeclaration? {
        if let hint, let declaration = enumDeclaration(hint), declaration.cases.contains(where: { $0.name == caseName }) {
            return declaration
        }
        return program.enums.first { $0.cases.contains { $0.name == caseName } }
    }

    // MARK: Storage

    /// A value kind's zero: `false` for a `Bool` focus state, `nil` otherwise.
    static func cleared(_ value: ProgramValue?) -> ProgramValue {
        if case .boolean = value { return .boolean(false) }
        return ProgramValue.none
    }

    /// The value a `@State` declared without one starts with.
    static func zero(of type: TypeName?) -> ProgramValue {
        switch type {
        case .named("String")?: .string("")
        case .named("Bool")?: .boolean(false)
        case .named("Int")?: .integer(0)
        case .named("Double")?: .double(0)
        case .array?: .array([])
        default: .none
        }
    }

    /// Stores `value` as the storage `name`, emitting its change (and noting a focus state's).
    mutating func store(_ value: ProgramValue, as name: String) throws(ProgramError) {
        try checkRows(value, name)
        let old = current.values[name]
        current.values[name] = value
        guard old != value else { return }
        emit(.state(name: name, value: printer.swift(value)))
        traceWrite(name, value)
        lastChange = line
        if current.focusNames.contains(name) {
            focusWrites.removeAll { $0.name == name }
            focusWrites.append((name, line, animation == false))
        }
    }

    func checkRows(_ value: ProgramValue, _ name: String) throws(ProgramError) {
        guard case .array(let items) = value, items.count > limits.rows else { return }
        guard case .model? = items.first else { return }
        throw failure("'\(name)' would hold \(items.count) rows; the playground keeps at most \(limits.rows)")
    }
}
