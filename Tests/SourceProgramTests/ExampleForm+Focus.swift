import FocusCore
import Testing

/// Reading where focus went: the path of the last intent's focus events, every control with a
/// title, and a control found by its kind (a `TextEditor` has no title).
extension ExampleForm {
    /// A control as the tests name it: its title, its kind for an untitled one (`textEditor`),
    /// `nil` for no control, `gone` for one no longer drawn.
    func name(of key: ControlKey?) -> String {
        guard let key else { return "nil" }
        guard let view = drawn.allViews.first(where: { $0.key == key }) else { return "gone" }
        return view.title ?? view.kind.rawValue
    }

    /// Where the last intent's focus events took focus, in order (`nil` is no field).
    var focusPath: [String] {
        last.events.compactMap { event in
            guard case .focus(_, let to, _, _) = event.kind else { return nil }
            return name(of: to)
        }
    }

    /// The keys of the drawn controls titled `title`, in draw order.
    func keys(_ title: String) -> [ControlKey] {
        drawn.allViews.filter { $0.title == title }.compactMap(\.key)
    }

    /// The key of the first drawn control of `kind`.
    func key(of kind: DrawnView.Kind) throws -> ControlKey {
        try #require(drawn.allViews.first { $0.kind == kind }?.key, "no \(kind) in \(drawn)")
    }

    /// The warnings a compiled example has, as `line: message`.
    var warnings: [String] {
        compiled.diagnostics.filter { $0.severity == .warning }.map { "\($0.line): \($0.message)" }
    }
}
