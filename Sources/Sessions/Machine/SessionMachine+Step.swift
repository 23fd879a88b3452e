import FocusCore
import FocusProtocol

/// Step: the live path of ``Stepping``. An editor turns it on; their next tap, Return or focus
/// (or a program timer that goes off) that runs statements is held instead of applied, with its
/// trace, while they step forward and back through it and every member sees the statement shown.
/// Meanwhile every other intent is refused (`stepping`) and timers wait. Stepping past the last
/// statement, Finish, Step off, a new source or the stepper's tab leaving finishes the action: it
/// is applied as the one ordinary change it would have been at once, so durability, replay and
/// the timeline never see Step.
extension SessionMachine {
    /// A `step`, `stepForward`, `stepBack` or `stepFinish` message from a joined tab.
    mutating func step(
        _ message: ClientMessage, from connection: ConnectionID, clientId: String, role: Role, at time: MachineTime,
        ids: inout some RandomNumberGenerator, into outputs: inout [SessionOutput]
    ) {
        guard role == .editor else {
            refuse(connection, ProtocolError(.readOnly, "This is a viewer link: it shows Step but cannot step."), into: &outputs)
            return
        }
        let stepper = stepping.stepper
        if let stepper, stepper.clientId != clientId {
            refuse(
                connection,
                ProtocolError(
                    .stepHeld, "\(name(of: stepper.member)) has Step on; one person steps at a time, until they turn it off."),
                into: &outputs)
            return
        }
        let before = stepping.snapshot
        switch message {
        case .step(on: true):
            guard stepper == nil, let member = membership[clientId]?.member.member else { return }
            stepping.turnOn(Stepping.Stepper(clientId: clientId, member: member))
            publishStepping(since: before, into: &outputs)
        case .step(on: false):
            guard stepper != nil else { return }
            stopStepping(at: time, ids: &ids, into: &outputs)
        default:
            guard stepper != nil, let held = stepping.held else {
                let sentence =
                    stepper == nil
                    ? "Step is off: turn it on, and your next tap, Return or timer is held to step through."
                    : "Nothing is held yet: Step holds your next tap, Return or timer."
                refuse(connection, ProtocolError(.stepHeld, sentence), into: &outputs)
                return
            }
            switch message {
            case .stepBack:
                stepping.move(by: -1)
                publishStepping(since: before, into: &outputs)
            case .stepForward where held.at + 1 < held.statements.count:
                stepping.move(by: 1)
                publishStepping(since: before, into: &outputs)
            default:
                finishHeld(at: time, ids: &ids, into: &outputs)
            }
        }
    }

    /// Holds the stepper's intent instead of applying it, when it runs statements Step can show;
    /// returns whether it did. The intent is answered when it finishes.
    mutating func hold(
        _ message: IntentMessage, cause: ChangeRecord.Cause, ids: some RandomNumberGenerator,
        into outputs: inout [SessionOutput]
    ) -> Bool {
        let trace = program.trace(message, ids: ids)
        guard Stepping.canHold(trace), let trace, stepping.held == nil else { return false }
        let before = stepping.snapshot
        stepping.hold(Stepping.Held(cause: cause, action: message.action.stepName, statements: trace.statements))
        publishStepping(since: before, into: &outputs)
        return true
    }

    /// A program timer went off: it waits while an action is held, is itself held while Step is
    /// on, and otherwise is applied.
    mutating func programTimerFired(
        _ token: TimerToken, at time: MachineTime, ids: inout some RandomNumberGenerator, into outputs: inout [SessionOutput]
    ) {
        programTimerWentOff(token, into: &outputs)
        if stepping.held != nil {
            stepping.wait(token)
            return
        }
        if stepping.stepper != nil {
            let trace = program.trace(timer: token, ids: ids)
            if Stepping.canHold(trace), let trace {
                let before = stepping.snapshot
                stepping.hold(Stepping.Held(cause: .programTimer(token), action: "timer", statements: trace.statements))
                publishStepping(since: before, into: &outputs)
                return
            }
        }
        change(
            ChangeRecord(revision: revision + 1, at: time.wallMilliseconds, cause: .programTimer(token), draws: []), at: time,
            ids: &ids, into: &outputs)
    }

    /// The held action, if any, finishes: applied as the change it would have been at once. Step
    /// stays on, and the timers that waited go off (the first may be held in turn).
    mutating func finishHeld(at time: MachineTime, ids: inout some RandomNumberGenerator, into outputs: inout [SessionOutput]) {
        let before = stepping.snapshot
        guard let held = stepping.release() else { return }
        publishStepping(since: before, into: &outputs)
        apply(held, at: time, ids: &ids, into: &outputs)
        releaseWaitingTimers(at: time, ids: &ids, into: &outputs)
    }

    /// Step goes off: what it held finishes, and the timers that waited go off.
    mutating func stopStepping(at time: MachineTime, ids: inout some RandomNumberGenerator, into outputs: inout [SessionOutput]) {
        let before = stepping.snapshot
        let held = stepping.turnOff()
        publishStepping(since: before, into: &outputs)
        if let held { apply(held, at: time, ids: &ids, into: &outputs) }
        releaseWaitingTimers(at: time, ids: &ids, into: &outputs)
    }

    /// The name a member shows, for sentences.
    func name(of member: MemberID) -> String {
        membership.members.member(member)?.name ?? member.rawValue
    }

    private mutating func apply(
        _ held: Stepping.Held, at time: MachineTime, ids: inout some RandomNumberGenerator, into outputs: inout [SessionOutput]
    ) {
        let decided = ChangeRecord(revision: revision + 1, at: time.wallMilliseconds, cause: held.cause, draws: [])
        if case .intent(let message, let clientId, _, _) = held.cause {
            let connection = membership.connection(of: clientId)
            commit(decided, seq: message.seq, clientId: clientId, answering: connection, at: time, ids: &ids, into: &outputs)
        } else {
            change(decided, at: time, ids: &ids, into: &outputs)
        }
    }

    private mutating func releaseWaitingTimers(
        at time: MachineTime, ids: inout some RandomNumberGenerator, into outputs: inout [SessionOutput]
    ) {
        while stepping.held == nil, let token = stepping.takeWaitingTimer() {
            programTimerFired(token, at: time, ids: &ids, into: &outputs)
        }
    }

    private func publishStepping(since before: SteppingSnapshot?, into outputs: inout [SessionOutput]) {
        let after = stepping.snapshot
        guard after != before else { return }
        outputs.append(.broadcast(.stepping(patch: Stepping.patch(from: before, to: after))))
    }
}

extension IntentMessage.Action {
    /// The word `state.stepping.action` says for a held intent.
    fileprivate var stepName: String {
        switch self {
        case .tap: "tap"
        case .submit: "submit"
        case .focus, .dismiss: "focus"
        case .edit, .splice, .navigate, .lesson, .writeLesson, .restart: "intent"
        }
    }
}
