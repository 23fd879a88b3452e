extension Machine {
    /// `onChange` actions may set off one another at most this many rounds after one intent
    /// (SwiftUI, too, stops an action that keeps changing what it watches).
    static let changeRounds = 8

    /// The values the current screen's `onChange(of:)` modifiers watch now, by watch.
    mutating func watchedValues() -> [String: ProgramValue] {
        var values: [String: ProgramValue] = [:]
        layOutIfNeeded()
        for watch in laidOut?.changes ?? [] {
            if let value = watch.value { values[watch.id] = value }
        }
        return values
    }

    /// Runs the `onChange` action of every watched value that differs from what it was in
    /// `before`, in draw order, each followed by settling focus; a change those actions make
    /// fires in the next round. A watch that was not drawn before does not fire: its view is new.
    mutating func fireChanges(since before: [String: ProgramValue]) throws(ProgramError) {
        var seen = before
        for _ in 0..<Self.changeRounds {
            var fired = false
            layOutIfNeeded()
            for watch in laidOut?.changes ?? [] {
                guard let new = watch.value else { continue }
                guard let old = seen[watch.id] else {
                    seen[watch.id] = new
                    continue
                }
                guard !Self.same(old, new) else { continue }
                seen[watch.id] = new
                fired = true
                try runChange(watch, old: old, new: new)
            }
            if !fired { return }
        }
    }

    /// The `onChange(of:initial: true)` actions of a screen that appears, with its first values.
    mutating func fireInitialChanges(_ layout: Layout) throws(ProgramError) {
        for watch in layout.changes where watch.initial {
            guard let value = watch.value else { continue }
            try runChange(watch, old: value, new: value)
        }
    }

    /// One `onChange` action: `{ new in … }` takes the new value, `{ old, new in … }` both.
    private mutating func runChange(_ watch: ChangeWatch, old: ProgramValue, new: ProgramValue) throws(ProgramError) {
        var scope = watch.scope.pushed()
        switch watch.parameters.count {
        case 1: scope = scope.with(watch.parameters[0], .value(new, mutable: false))
        case 2:
            scope = scope.with(watch.parameters[0], .value(old, mutable: false))
            scope = scope.with(watch.parameters[1], .value(new, mutable: false))
        default: break
        }
        let saved = cause
        cause = .binding
        defer { cause = saved }
        try runAction(watch.action, scope)
        try settle()
    }
}
