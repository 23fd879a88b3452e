/// Where a value lives while a program runs: a screen's storage (a `@State` or `@FocusState`,
/// by storage name) or a local of the running action, and the path into it (`items[2].title`).
/// Bindings are places, so `$email` passed to a component aliases the caller's storage.
struct Place: Equatable, Sendable, Codable {
    enum Root: Equatable, Sendable, Codable {
        case storage(String)
        case local(String)
    }

    var root: Root
    var path: [PathStep] = []

    func appending(_ step: PathStep) -> Place {
        Place(root: root, path: path + [step])
    }
}

enum PathStep: Equatable, Sendable, Codable {
    case member(String)
    case index(Int)
}

/// What a name stands for: a value (a `let`, a `var`, a plain parameter), a place (a binding),
/// or a closure a view was given (`let onDelete: () -> Void`), with the scope it was written in.
indirect enum Slot: Equatable, Sendable, Codable {
    case value(ProgramValue, mutable: Bool)
    case place(Place)
    case closure(parameters: [String], body: [Statement], scope: Scope)
}

/// The names an expression sees: the view it was written in (the screen, or a component inlined
/// into it with its parameters bound) and the locals in scope, innermost last.
struct Scope: Equatable, Sendable, Codable {
    enum View: Equatable, Sendable, Codable {
        case screen
        /// A component, and the prefix of its own `@State` storage names.
        case component(name: String, instance: String)
    }

    var view: View
    /// A component's parameters (`@Binding`s and `FocusState.Binding`s are places).
    var properties: [String: Slot]
    var locals: [[String: Slot]]

    static let screen = Scope(view: .screen, properties: [:], locals: [[:]])

    func with(_ name: String, _ slot: Slot) -> Scope {
        var copy = self
        if copy.locals.isEmpty { copy.locals.append([:]) }
        copy.locals[copy.locals.count - 1][name] = slot
        return copy
    }

    func pushed() -> Scope {
        var copy = self
        copy.locals.append([:])
        return copy
    }

    /// The slot of a local, innermost first.
    func local(_ name: String) -> Slot? {
        for frame in locals.reversed() {
            if let slot = frame[name] { return slot }
        }
        return nil
    }

    /// Every local flattened into one frame (inner names shadow outer ones), for a continuation.
    var flattened: Scope {
        var frame: [String: Slot] = [:]
        for level in locals {
            frame.merge(level) { _, inner in inner }
        }
        return Scope(view: view, properties: properties, locals: [frame])
    }

    /// The storage name of this view's own `@State`/`@FocusState` called `name`.
    func storageName(_ name: String) -> String {
        switch view {
        case .screen: name
        case .component(_, let instance): instance + "." + name
        }
    }
}
