import FocusCore
import SwiftUISource

extension FuzzTarget {
    /// A SwiftUI source and the intents a person could send it, through the whole path a session
    /// takes: parse → compile → start → apply → draw. The input is the source, a NUL byte, then
    /// the intents, two bytes each (what, and which control of those drawn). Nothing traps or
    /// hangs (an action is bounded by its step budget), a refused intent changes nothing, and the
    /// drawn screen only names controls the program has.
    public static let sourceProgram = FuzzTarget(name: "source-program") { input in
        let split = input.firstIndex(of: 0) ?? input.endIndex
        let source = String(decoding: input[..<split], as: UTF8.self)
        let compiled = SourceCompilation.compile(source)
        guard let program = compiled.program else {
            precondition(compiled.diagnostics.contains { $0.severity == .error }, "a source refused without an error")
            return
        }
        let interpreter = ProgramInterpreter(program: program, limits: ProgramLimits(steps: 2_000, callDepth: 32, rows: 20))
        var ids = SequentialRowIDs()
        var run = interpreter.start(ids: &ids).run
        var script = input[min(split + 1, input.endIndex)...].makeIterator()
        var timers: [TimerToken] = []
        while let what = script.next() {
            let which = Int(script.next() ?? 0)
            let controls = interpreter.draw(run).controlKeys
            let control = controls.isEmpty ? nil : controls[which % controls.count]
            let intent: ProgramIntent
            switch what % 6 {
            case 0: intent = .tap(control)
            case 1: intent = .focus(control)
            case 2: intent = .edit(control ?? FocusKey("c0"), String(repeating: "a", count: which % 5))
            case 3: intent = .submit
            case 4: intent = timers.isEmpty ? .submit : .timerFired(timers.removeFirst())
            default: intent = .show(screen: which % (program.screens.count + 1))
            }
            let before = run
            do {
                let outcome = try interpreter.apply(intent, to: &run, ids: &ids)
                timers += outcome.timers.map(\.token)
            } catch {
                precondition(run == before, "\(intent) was refused (\(error)) but changed the run")
            }
        }
    }
}

extension DrawnScreen {
    /// Every control drawn, in draw order, the keyboard toolbar's last.
    fileprivate var controlKeys: [ControlKey] {
        var keys: [ControlKey] = []
        func visit(_ views: [DrawnView]) {
            for view in views {
                if let key = view.key { keys.append(key) }
                visit(view.content)
            }
        }
        visit(content)
        visit(keyboardToolbar)
        return keys
    }
}
