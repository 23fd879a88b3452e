extension Machine {
    /// Starts `Task { body }`: the body runs now, up to its first sleep, and the rest becomes a
    /// timer. A task `kept` as a value (`autoFocus = Task { … }`) gets a number, so it can be
    /// cancelled and can ask `Task.isCancelled`; its value is `.task(number)`.
    mutating func startTask(_ body: [Statement], _ scope: Scope, kept: Bool) throws(ProgramError) -> ProgramValue {
        var number: UInt64?
        if kept {
            let next = run.nextTask ?? 1
            run.nextTask = next + 1
            number = next
        }
        let outerTask = runningTask
        let outerAnimation = animation
        runningTask = number
        animation = nil
        defer {
            runningTask = outerTask
            animation = outerAnimation
        }
        var inner = scope.pushed()
        if case .suspended(let milliseconds, let rest, let at) = try execute(body, &inner) {
            schedule(milliseconds, Continuation(statements: rest, scope: at), task: number)
        }
        return number.map { .task($0) } ?? .none
    }

    /// `task.cancel()`. The playground does not end the task's sleep early: the rest of the task
    /// runs when its timer goes off, and there `Task.isCancelled` is true.
    mutating func cancel(task number: UInt64) {
        var cancelled = run.cancelledTasks ?? []
        guard !cancelled.contains(number) else { return }
        cancelled.append(number)
        run.cancelledTasks = cancelled
    }

    /// Whether the kept task `number` was cancelled.
    func isCancelled(_ number: UInt64) -> Bool {
        run.cancelledTasks?.contains(number) ?? false
    }

    /// `Task.isCancelled` where it runs: true inside a kept task that was cancelled.
    var taskIsCancelled: Bool {
        runningTask.map(isCancelled) ?? false
    }
}
