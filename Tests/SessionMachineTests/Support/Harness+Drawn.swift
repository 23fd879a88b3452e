import FocusCore
import FocusProtocol
import Sessions
import Testing

/// Reading the program a harness's session runs: the screen it draws now, its fields and controls.
extension Harness {
    /// The screen showing, as the program draws it.
    var drawn: DrawnScreen { machine.sessionSnapshot().program.drawn }

    /// The name of the screen showing.
    var screen: ScreenID { machine.sessionSnapshot().screen }

    /// The field that has focus.
    var focused: FocusKey? { drawn.focused }

    /// The text of the field `key` on the screen showing; `nil` when no field has that key.
    func value(of key: FocusKey) -> String? {
        drawn.controls.first { $0.key == key && $0.kind.isTextField }?.value
    }

    /// The keys of every control titled `title`, in draw order (one per row in a `ForEach`).
    func keys(titled title: String) -> [FocusKey] {
        drawn.controls.filter { $0.title == title }.compactMap(\.key)
    }

    /// The key of the first control titled `title`.
    func key(titled title: String) throws -> FocusKey {
        try #require(keys(titled: title).first, "no control titled \(title) on \(screen.rawValue)")
    }

    /// The keys of the text fields drawn, in draw order.
    var fieldKeys: [FocusKey] { drawn.controls.filter(\.kind.isTextField).compactMap(\.key) }

    /// The `@State` called `name` as Swift prints it.
    func stateValue(_ name: String) -> String? {
        drawn.stateValues.first { $0.name == name }?.value
    }
}

extension DrawnView.Kind {
    /// A field with a text: a text field, a secure field or a text editor.
    var isTextField: Bool { self == .textField || self == .secureField || self == .textEditor }
}
