/// All the state of a running program, as plain values (so a session can store it, replay it and
/// send it): which screen shows, every screen's `@State` and `@FocusState` values and the field
/// that has focus, the timers still pending with what they will run, and the next timer token.
public struct ProgramRun: Equatable, Sendable, Codable {
    /// The index of the screen that shows, in ``SwiftUIProgram/screens``.
    public var screen: Int
    /// One entry a screen of the program, in the program's order.
    var screens: [ScreenRun]
    /// Timers set and not yet fired, in the order they were set.
    var timers: [PendingTimer]
    /// The raw value of the next timer token handed out.
    var nextTimer: UInt64
    /// The number of the next `Task` kept as a value (`nil` before the first: 1).
    var nextTask: UInt64?
    /// The kept tasks that were cancelled (`Task.isCancelled` is true inside them).
    var cancelledTasks: [UInt64]?

    /// The tokens of the timers still pending, in the order they were set.
    public var pendingTimers: [TimerToken] { timers.map(\.token) }
    /// The pending timers with the delay each was set for, to start again after a restore (a run
    /// keeps no clock, so each starts afresh).
    public var pendingSchedule: [ScheduledTimer] {
        timers.map { ScheduledTimer(token: $0.token, milliseconds: $0.milliseconds) }
    }

    /// Forgets the pending timer `token`: it fired, and what it ran was refused (the run is
    /// otherwise as it was), so it never fires again, nor after a restore.
    public mutating func forget(_ token: TimerToken) {
        timers.removeAll { $0.token == token }
    }

    /// The field that has focus on the current screen, if any.
    public var focused: ControlKey? { screens.indices.contains(screen) ? screens[screen].focused : nil }

    /// The current value of the state (or focus state) `name` of the current screen.
    public func value(of name: String) -> ProgramValue? {
        screens.indices.contains(screen) ? screens[screen].values[name] : nil
    }
}

/// One screen's storage.
struct ScreenRun: Equatable, Sendable, Codable {
    /// The view struct's name (so `carry` finds the screen in a changed program).
    var name: String
    /// Every `@State` and `@FocusState` value by storage name: the property's name on the screen,
    /// `Component@c3#row.name` for one of a component inlined there.
    var values: [String: ProgramValue]
    /// Storage names of the `@State` properties, in declaration (then first-drawn) order.
    var stateNames: [String]
    /// Storage names of the focus states, in the same order.
    var focusNames: [String]
    /// The control that has focus.
    var focused: ControlKey?
    /// Whether the screen has appeared (its `onAppear` ran).
    var appeared: Bool
}

/// A timer the program set: what runs when it fires.
struct PendingTimer: Equatable, Sendable, Codable {
    var token: TimerToken
    var milliseconds: Int
    /// The screen whose action set it; it is dropped when that screen disappears.
    var screen: Int
    /// The kept `Task` whose sleep it ends, if the sleep is in one.
    var task: UInt64?
    var continuation: Continuation
}

/// What a timer runs: the rest of an action, in the view (and the locals) it was written in.
struct Continuation: Equatable, Sendable, Codable {
    var statements: [Statement]
    var scope: Scope
}
