import FocusCore
import Foundation
import SwiftUISource
import TestSupport
import Testing

/// One of the example sources in `Public/examples/`, compiled and running: what the tests of a
/// form do to it (tap a control by its title, type, press Return, let a timer go off) and read
/// from it (the field with focus, a state's value, the line behind an event).
struct ExampleForm {
    let source: String
    let compiled: CompiledSource
    let interpreter: ProgramInterpreter
    var run: ProgramRun
    var ids = SplitMix64(seed: 21)
    /// The timers the program set and that have not gone off, oldest first.
    var timers: [ScheduledTimer] = []
    /// Everything the last intent did.
    var last = ProgramOutcome()
    /// Why starting stopped part-way, if it did.
    let startFailure: ProgramError?

    /// The folder of the examples, from this file's place in the repository.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Public/examples")

    static func source(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("\(name).swift"), encoding: .utf8)
    }

    /// The example `name` (its file name without `.swift`), started: its first screen has appeared.
    init(_ name: String) throws {
        try self.init(source: try Self.source(name))
    }

    /// `source`, started: its first screen has appeared.
    init(source: String) throws {
        self.source = source
        compiled = SourceCompilation.compile(source)
        let program = try #require(compiled.program, "the source does not compile: \(compiled.diagnostics)")
        interpreter = ProgramInterpreter(program: program)
        let start = interpreter.start(ids: &ids)
        run = start.run
        last = start.outcome
        timers = start.outcome.timers
        startFailure = start.failure
    }

    var drawn: DrawnScreen { interpreter.draw(run) }

    /// The first drawn view titled `title` (controls and toolbar buttons included).
    func view(_ title: String) -> DrawnView? {
        let screen = drawn
        return (screen.content + screen.keyboardToolbar + screen.toolbar).first(titled: title)
    }

    /// The key of the first control titled `title` (a section of that title is passed over).
    func key(_ title: String) throws -> ControlKey {
        let screen = drawn
        let views = (screen.content + screen.keyboardToolbar + screen.toolbar).flattened
        return try #require(views.first { $0.title == title && $0.key != nil }?.key, "no control titled \(title) in \(screen)")
    }

    /// The title of the field that has focus, or `nil`.
    var focusedTitle: String? {
        guard let focused = drawn.focused else { return nil }
        return drawn.allViews.first { $0.key == focused }?.title
    }

    func value(_ state: String) -> String? {
        let screen = drawn
        return (screen.stateValues + screen.focusValues).first { $0.name == state }?.value
    }

    /// The line of the source that holds `text` (from 1).
    func line(of text: String) throws -> Int {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(text) }, "no line holds \(text)") + 1
    }

    /// The line of the last intent's last focus event.
    var lastFocusLine: Int? {
        last.events.last { if case .focus = $0.kind { true } else { false } }?.line
    }

    mutating func apply(_ intent: ProgramIntent) throws {
        last = try interpreter.apply(intent, to: &run, ids: &ids)
        timers += last.timers
    }

    mutating func tap(_ title: String) throws { try apply(.tap(try key(title))) }
    mutating func type(_ text: String, into title: String) throws { try apply(.edit(try key(title), text)) }
    mutating func submit() throws { try apply(.submit) }

    /// Lets the oldest pending timer go off.
    mutating func fireTimer() throws {
        guard !timers.isEmpty else { throw TestFailure("no timer is pending") }
        try apply(.timerFired(timers.removeFirst().token))
    }
}

extension Array where Element == DrawnView {
    /// These views and all they hold, depth first.
    var flattened: [DrawnView] { flatMap { [$0] + $0.content.flattened } }

    func first(titled title: String) -> DrawnView? {
        for view in self {
            if view.title == title { return view }
            if let found = view.content.first(titled: title) { return found }
        }
        return nil
    }
}

extension DrawnScreen {
    /// Every drawn view, depth first.
    var allViews: [DrawnView] { content.flattened }
}
