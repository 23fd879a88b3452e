import FocusCore
import FocusProtocol

/// Step, as a child machine of ``SessionMachine``: who has it on, the action held while they
/// step through it (decided as it came, with its statements and the one shown), and the program
/// timers that went off meanwhile. The session applies a held action as one ordinary change when
/// it finishes, so nothing of Step is stored: a server that restarts mid-step drops the held
/// action and Step with it (the tab that sent an intent still unanswered sends it again).
struct Stepping: Sendable {
    /// The tab that turned Step on: its secret client id and its member.
    struct Stepper: Equatable, Sendable {
        let clientId: String
        let member: MemberID
    }

    /// An action held while it is stepped through.
    struct Held: Sendable {
        /// The change it makes when it finishes, decided when it came (a splice is never held).
        let cause: ChangeRecord.Cause
        /// What it is: `tap`, `submit`, `focus` or `timer`.
        let action: String
        let statements: [TracedStatement]
        /// The statement shown.
        var at = 0
    }

    /// An action that runs more statements than this is not held: it runs at once.
    static let statementLimit = 1_000

    /// `nil` while Step is off.
    private(set) var stepper: Stepper?
    private(set) var held: Held?
    /// Program timers that went off while an action was held, in the order they did.
    private(set) var waitingTimers: [TimerToken] = []

    /// Whether the tab `clientId` has Step on.
    func isStepper(_ clientId: String) -> Bool { stepper?.clientId == clientId }

    /// Whether a trace can be stepped through: it ran a statement, and no more than it keeps.
    static func canHold(_ trace: ProgramTrace?) -> Bool {
        guard let trace else { return false }
        return !trace.statements.isEmpty && !trace.truncated
    }

    mutating func turnOn(_ stepper: Stepper) {
        self.stepper = stepper
    }

    /// Step off; returns the action held, which the session then applies.
    mutating func turnOff() -> Held? {
        stepper = nil
        return release()
    }

    mutating func hold(_ action: Held) {
        held = action
    }

    /// Lets go of the action held (it finishes), returning it.
    mutating func release() -> Held? {
        defer { held = nil }
        return held
    }

    /// Shows the statement `offset` after (or before) the one shown, within the action.
    mutating func move(by offset: Int) {
        guard var action = held, action.statements.indices.contains(action.at + offset) else { return }
        action.at += offset
        held = action
    }

    mutating func wait(_ timer: TimerToken) {
        waitingTimers.append(timer)
    }

    mutating func takeWaitingTimer() -> TimerToken? {
        waitingTimers.isEmpty ? nil : waitingTimers.removeFirst()
    }

    /// As `state.stepping` carries it.
    var snapshot: SteppingSnapshot? {
        guard let stepper else { return nil }
        guard let held else { return SteppingSnapshot(by: stepper.member.rawValue) }
        return SteppingSnapshot(by: stepper.member.rawValue, action: held.action, at: held.at, statements: held.statements)
    }

    /// The merge patch of `state` from `before` to `after`: the stepping object whole when it
    /// starts or changes hands, `null` when Step goes off, and otherwise only what changed (a
    /// step forward sends its `at` alone, not the statements again).
    static func patch(from before: SteppingSnapshot?, to after: SteppingSnapshot?) -> JSONObject {
        guard let after else { return JSONObject([("stepping", .null)]) }
        guard let before, before.by == after.by else { return JSONObject([("stepping", JSONValue(encoding: after))]) }
        var inner = JSONObject()
        if before.action != after.action { inner["action"] = after.action.map { .string($0) } ?? .null }
        if before.at != after.at { inner["at"] = after.at.map { .integer(Int64($0)) } ?? .null }
        if before.statements != after.statements {
            inner["statements"] = after.statements.map { JSONValue(encoding: $0) } ?? .null
        }
        return JSONObject([("stepping", .object(inner))])
    }
}
