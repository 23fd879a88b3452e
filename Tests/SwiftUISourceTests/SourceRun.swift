import FocusCore
import SwiftUISource
import Testing

/// A source read and running, for tests of what the interpreter does with what the reader reads:
/// tap a control by its title, type, press Return, fire a timer, read a state's value.
struct SourceRun {
    let interpreter: ProgramInterpreter
    var run: ProgramRun
    var ids = SystemRandomNumberGenerator()
    var timers: [ScheduledTimer]
    var last = ProgramOutcome()

    init(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let compiled = SourceCompilation.compile(source)
        let program = try #require(compiled.program, "\(compiled.diagnostics)", sourceLocation: sourceLocation)
        interpreter = ProgramInterpreter(program: program)
        let start = interpreter.start(ids: &ids)
        #expect(start.failure == nil, sourceLocation: sourceLocation)
        run = start.run
        last = start.outcome
        timers = start.outcome.timers
    }

    var drawn: DrawnScreen { interpreter.draw(run) }

    /// A `@State` or focus state's value as Swift prints it.
    func value(_ name: String) -> String? {
        (drawn.stateValues + drawn.focusValues).first { $0.name == name }?.value
    }

    func key(_ title: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ControlKey {
        let screen = drawn
        let views = Self.flat(screen.content + screen.keyboardToolbar + screen.toolbar)
        return try #require(views.first { $0.title == title }?.key, "no \(title)", sourceLocation: sourceLocation)
    }

    /// The titles of the fields the last intent's focus events went to (`nil` for none).
    var focusPath: [String?] {
        let views = Self.flat(drawn.content)
        return last.events.compactMap { event -> String?? in
            guard case .focus(_, let to, _, _) = event.kind else { return nil }
            return .some(to.flatMap { key in views.first { $0.key == key }?.title })
        }
    }

    mutating func apply(_ intent: ProgramIntent) throws {
        last = try interpreter.apply(intent, to: &run, ids: &ids)
        timers += last.timers
    }

    mutating func tap(_ title: String) throws { try apply(.tap(try key(title))) }

    mutating func fireTimer() throws {
        let timer = try #require(timers.first)
        timers.removeFirst()
        try apply(.timerFired(timer.token))
    }

    static func flat(_ views: [DrawnView]) -> [DrawnView] { views.flatMap { [$0] + flat($0.content) } }
}
