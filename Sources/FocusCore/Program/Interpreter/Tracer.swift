/// Follows one action statement by statement (``ProgramTrace``). The machine tells it when a
/// statement begins and ends and what is read and written meanwhile; a read or write goes to the
/// innermost statement running, and one made after a nested statement ended (the rest of
/// `x = f()` once `f` returns) opens a new entry for that statement, as a debugger stops there again.
struct Tracer {
    /// How many entries the trace keeps; past them it only notes that there were more.
    let limit: Int
    /// How many reads one entry keeps (a loop's closure may read a value per element).
    static let readsPerStatement = 12
    /// How long a printed value may be before it is cut.
    static let valueLength = 80

    private(set) var entries: [Entry] = []
    private(set) var truncated = false
    /// The statements running, outermost first.
    private var running: [SourceSpan] = []
    /// Whether the last entry is the innermost running statement's.
    private var open = false

    struct Entry {
        var statement: TracedStatement
        /// Whether its `focusAfter` is set: it ended, or another began.
        var closed = false
    }

    init(limit: Int) {
        self.limit = limit
    }

    mutating func begin(_ span: SourceSpan, focus: [NamedValue]) {
        running.append(span)
        enter(span, focus: focus)
    }

    mutating func end(focus: [NamedValue]) {
        if open { close(focus: focus) }
        running.removeLast()
        open = false
    }

    /// A value the running statement read (or a condition's, which may be what it just read:
    /// `if isValid` reads `isValid` once). `base`: the expression whose value this one is a member
    /// of, read just before and now left out (`username.isEmpty` rather than `username` too).
    mutating func read(_ name: String, _ value: String, replacing base: String?, focus: [NamedValue]) {
        guard ensureOpen(focus: focus) else { return }
        var reads = entries[entries.count - 1].statement.reads
        if let base, let last = reads.last, last.name == base || last.name + "?" == base { reads.removeLast() }
        if reads.last?.name == name { return }
        guard reads.count < Self.readsPerStatement else { return }
        reads.append(NamedValue(name: name, value: Self.cut(value)))
        entries[entries.count - 1].statement.reads = reads
    }

    /// A `@State` or `@FocusState` the running statement changed.
    mutating func wrote(_ name: String, _ value: String, focus: [NamedValue]) {
        guard ensureOpen(focus: focus) else { return }
        entries[entries.count - 1].statement.writes.append(NamedValue(name: name, value: Self.cut(value)))
    }

    /// The trace, once the action has run: an entry still open ends with `focus`.
    func finished(focus: [NamedValue]) -> ProgramTrace {
        let statements = entries.map { entry in
            var statement = entry.statement
            if !entry.closed { statement.focusAfter = focus }
            return statement
        }
        return ProgramTrace(statements: statements, truncated: truncated)
    }

    /// Whether reads and writes go somewhere now: inside a statement, within the limit (a statement
    /// resumed after a nested one ended gets an entry again).
    private mutating func ensureOpen(focus: [NamedValue]) -> Bool {
        guard let span = running.last else { return false }
        if !open { enter(span, focus: focus) }
        return open
    }

    private mutating func enter(_ span: SourceSpan, focus: [NamedValue]) {
        if let last = entries.indices.last, !entries[last].closed { close(focus: focus) }
        guard entries.count < limit else {
            truncated = true
            open = false
            return
        }
        entries.append(Entry(statement: TracedStatement(line: span.line, column: span.column, focusBefore: focus)))
        open = true
    }

    private mutating func close(focus: [NamedValue]) {
        guard let last = entries.indices.last else { return }
        entries[last].statement.focusAfter = focus
        entries[last].closed = true
    }

    private static func cut(_ value: String) -> String {
        value.count > valueLength ? String(value.prefix(valueLength)) + "…" : value
    }
}
