extension Machine {
    /// Gives focus to `target` (or to no field), as SwiftUI does: every focus state the field is
    /// bound to takes its bound value, every other focus state of the screen becomes nil (false
    /// for a `Bool`), and a `.focus` event says where focus went and why. With `throughNil`, a
    /// move from one field to another is two events, through no field (the keyboard dips).
    mutating func moveFocus(to target: LaidControl?, _ layout: Layout, throughNil: Bool = false) throws(ProgramError) {
        let from = current.focused
        for name in current.focusNames {
            let old = current.values[name]
            let new = target?.boundValue(name) ?? Self.cleared(old)
            if old != new { try store(new, as: name) }
        }
        focusWrites.removeAll()
        guard from != target?.key else { return }
        current.focused = target?.key
        let shownBinding = target?.bindings.first ?? from.flatMap { layout.control($0)?.bindings.first }
        let value = shownBinding.map { printer.swift(current.values[$0.name] ?? .none) } ?? "nil"
        if throughNil, let from, let to = target?.key {
            emit(.focus(from: from, to: nil, value: "nil", cause: cause))
            emit(.focus(from: nil, to: to, value: value, cause: cause))
        } else {
            emit(.focus(from: from, to: target?.key, value: value, cause: cause))
        }
    }

    /// After an action: focus follows the focus states it assigned (the last field drawn bound to
    /// the new value takes it; with none, the state falls back to nil or false), then a focused
    /// field that no longer shows loses focus. A move from one field to another passes through no
    /// field, as SwiftUI lets go of focus between fields, unless the assignment was made in a
    /// transaction without animation (`withTransaction(Transaction(animation: nil))`).
    mutating func settle() throws(ProgramError) {
        let writes = focusWrites
        focusWrites.removeAll()
        for write in writes {
            line = write.line
            let layout = layout()
            let value = current.values[write.name] ?? .none
            let focusedControl = current.focused.flatMap { layout.control($0) }
            let focusedHere = focusedControl?.boundValue(write.name) != nil
            if value == Self.cleared(value) {
                if focusedHere { try moveFocus(to: nil, layout) }
                continue
            }
            let target = layout.controls.last { control in
                control.isTextInput && !control.disabled
                    && control.boundValue(write.name).map { Self.same($0, value) } == true
            }
            if let target {
                try moveFocus(to: target, layout, throughNil: !write.direct)
            } else if focusedHere {
                try moveFocus(to: nil, layout)
            } else {
                try store(Self.cleared(value), as: write.name)
                focusWrites.removeAll()
            }
        }
        let layout = layout()
        // A focused field that is gone (or now disabled) loses focus, and its focus state resets.
        if let focused = current.focused, layout.control(focused).map({ $0.disabled }) ?? true {
            line = lastChange
            let saved = cause
            let rowGone = focused.rowID.map { id in !layout.controls.contains { $0.key.rowID == id } } ?? false
            cause = rowGone ? .rowRemoved : .binding
            try moveFocus(to: nil, layout)
            cause = saved
        }
        focusWrites.removeAll()
    }
}
