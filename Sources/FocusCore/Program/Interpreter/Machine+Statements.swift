/// How a block of statements ended.
enum Flow {
    case normal
    case returned(ProgramValue?)
    /// At a `Task.sleep`: what remains (of this block and the blocks around it), and the locals.
    case suspended(milliseconds: Int, rest: [Statement], scope: Scope)
}

extension Machine {
    /// Runs an action (a button's, an `onSubmit`, an `onAppear`, a timer's continuation): what
    /// follows a sleep becomes a timer.
    mutating func runAction(_ statements: [Statement], _ scope: Scope) throws(ProgramError) {
        var inner = scope.pushed()
        if case .suspended(let milliseconds, let rest, let at) = try execute(statements, &inner) {
            schedule(milliseconds, Continuation(statements: rest, scope: at), task: runningTask)
        }
    }

    /// Sets a timer that runs `continuation`, the rest of the kept `task` if it is in one.
    mutating func schedule(_ milliseconds: Int, _ continuation: Continuation, task: UInt64? = nil) {
        let token = TimerToken(rawValue: run.nextTimer)
        run.nextTimer += 1
        run.timers.append(
            PendingTimer(token: token, milliseconds: milliseconds, screen: run.screen, task: task, continuation: continuation))
        timers.append(ScheduledTimer(token: token, milliseconds: milliseconds))
        emit(.timerSet(token, milliseconds: milliseconds))
    }

    mutating func execute(_ statements: [Statement], _ scope: inout Scope) throws(ProgramError) -> Flow {
        for (index, statement) in statements.enumerated() {
            line = statement.span.line
            try step()
            traceBegin(statement.span)
            let flow = try execute(statement, &scope)
            traceEnd()
            switch flow {
            case .normal: continue
            case .returned: return flow
            case .suspended(let milliseconds, let rest, let at):
                return .suspended(milliseconds: milliseconds, rest: rest + statements[(index + 1)...], scope: at)
            }
        }
        return .normal
    }

    private mutating func execute(_ statement: Statement, _ scope: inout Scope) throws(ProgramError) -> Flow {
        switch statement.kind {
        case .assign(let target, let op, let value):
            let place = try place(of: target, &scope)
            let old = try? read(place, scope)
            var new = try evaluate(value, &scope, hint: old.flatMap(Self.enumType(of:)) ?? declaredEnum(of: target, scope))
            if op != "=" {
                guard let old else { throw failure("'\(describe(place))' has no value to change") }
                new = try arithmeticAssign(op, old, new)
            }
            try write(new, to: place, &scope)
            return .normal
        case .declare(let name, let mutable, let value):
            var initial = ProgramValue.none
            if let value { initial = try evaluate(value, &scope) }
            // `let target: Int` is given its value later, by an assignment in each branch.
            scope = scope.with(name, .value(initial, mutable: mutable || value == nil))
            return .normal
        case .ifThen(let conditions, let then, let otherwise):
            var inner = scope.pushed()
            if try holds(conditions, &inner) { return try block(then, &inner, &scope) }
            var elseScope = scope.pushed()
            return try block(otherwise, &elseScope, &scope)
        case .guardElse(let conditions, let otherwise):
            var inner = scope
            if try holds(conditions, &inner) {
                scope = inner
                return .normal
            }
            var elseScope = scope.pushed()
            let flow = try block(otherwise, &elseScope, &scope)
            if case .normal = flow { return .returned(nil) }  // Swift makes `else` leave; treat a fall-through as return
            return flow
        case .switchOn(let subject, let cases):
            let value = try evaluate(subject, &scope)
            for item in cases {
                var inner = scope.pushed()
                if try matches(item, value, &inner) { return try block(item.body, &inner, &scope) }
            }
            return .normal
        case .forIn(let name, let sequence, let filter, let body):
            let items: any Sequence<ProgramValue>
            if case .infix(let op, let low, let high) = sequence, op == "..<" || op == "..." {
                // Counted, not built: a loop over a long range runs until the step budget stops it.
                guard case .integer(let start) = try evaluate(low, &scope), case .integer(let bound) = try evaluate(high, &scope)
                else { throw failure("a range runs over whole numbers here") }
                let end = op == "..<" ? bound : bound + 1
                if end < start { throw failure("the range \(start)\(op)\(bound) ends before it starts") }
                items = (start..<end).lazy.map { ProgramValue.integer($0) }
            } else {
                switch try evaluate(sequence, &scope) {
                case .array(let elements): items = elements
                case .string(let text): items = text.map { .string(String($0)) }  // a Character is a one-character string
                default: throw failure("for-in runs over an array, a range or a string here")
                }
            }
            let loopLine = line
            for item in items {
                var inner = scope.pushed().with(name, .value(item, mutable: false))
                if let filter {
                    line = loopLine
                    guard try truth(filter, &inner) else { continue }
                }
                switch try block(body, &inner, &scope) {
                case .normal: continue
                case .returned(let value): return .returned(value)
                case .suspended: throw failure("a Task.sleep inside a for loop is not modelled")
                }
            }
            return .normal
        case .returnValue(let value):
            guard let value else { return .returned(nil) }
            return .returned(try evaluate(value, &scope, hint: returnHint))
        case .expression(let expression):
            _ = try evaluate(expression, &scope)
            return .normal
        case .transaction(let animated, let body):
            let outer = animation
            animation = animated
            defer { animation = outer }
            var inner = scope.pushed()
            return try block(body, &inner, &scope)
        case .after(let seconds, let body):
            let milliseconds = try self.milliseconds(seconds, &scope)
            schedule(milliseconds, Continuation(statements: body, scope: scope.flattened))
            return .normal
        case .task(let body):
            _ = try startTask(body, scope, kept: false)
            return .normal
        case .sleep(let seconds):
            return .suspended(milliseconds: try milliseconds(seconds, &scope), rest: [], scope: scope.flattened)
        case .unmodelled:
            return .normal
        }
    }

    /// Runs a nested block, then hands back the locals of the scope around it that the block
    /// changed (a `var` assigned inside an `if`).
    private mutating func block(_ body: [Statement], _ inner: inout Scope, _ outer: inout Scope) throws(ProgramError)
        -> Flow
    {
        let flow = try execute(body, &inner)
        let depth = outer.locals.count
        if inner.locals.count >= depth { outer.locals = Array(inner.locals.prefix(depth)) }
        return flow
    }

    private func declaredEnum(of target: Expression, _ scope: Scope) -> String? {
        guard case .name(let name) = target, scope.local(name) == nil, scope.properties[name] == nil else { return nil }
        let view = declaration(of: scope.view)
        return enumName(of: view?.properties.first { $0.name == name }?.type, near: view?.name)
    }

    private func arithmeticAssign(_ op: String, _ old: ProgramValue, _ new: ProgramValue) throws(ProgramError)
        -> ProgramValue
    {
        switch (op, old, new) {
        case ("+=", .integer(let a), .integer(let b)): return .integer(a &+ b)
        case ("-=", .integer(let a), .integer(let b)): return .integer(a &- b)
        case ("+=", .string(let a), .string(let b)): return .string(a + b)
        case ("+=", .array(let a), .array(let b)): return .array(a + b)
        case ("+=", .double, _), ("+=", _, .double): return .double(Self.number(old) + Self.number(new))
        case ("-=", .double, _), ("-=", _, .double): return .double(Self.number(old) - Self.number(new))
        default:
            throw failure("'\(op)' does not apply to \(printer.swift(old, short: true)) and \(printer.swift(new, short: true))")
        }
    }

    private mutating func milliseconds(_ seconds: Expression, _ scope: inout Scope) throws(ProgramError) -> Int {
        let value = try evaluate(seconds, &scope)
        switch value {
        case .integer, .double:
            let number = Self.number(value)
            guard number >= 0, number < 86_400 else { throw failure("a delay of \(number) seconds is out of range") }
            return Int((number * 1000).rounded())
        default: throw failure("a delay is a number of seconds")
        }
    }

    /// Whether every condition holds, binding `if let` and `case let` names into `scope`.
    mutating func holds(_ conditions: [Condition], _ scope: inout Scope) throws(ProgramError) -> Bool {
        for condition in conditions {
            switch condition {
            case .expression(let expression):
                let flag = try truth(expression, &scope)
                traceRead(expression, .boolean(flag))
                guard flag else { return false }
            case .optionalBinding(let name, let value):
                let bound = try evaluate(value, &scope)
                traceRead(value, bound)
                guard bound != .none else { return false }
                scope = scope.with(name, .value(bound, mutable: false))
            case .matches(let pattern, let value):
                let subject = try evaluate(value, &scope)
                guard try match(pattern, subject, &scope) else { return false }
            }
        }
        return true
    }

    mutating func matches<Body>(_ item: SwitchCase<Body>, _ value: ProgramValue, _ scope: inout Scope) throws(ProgramError)
        -> Bool
    {
        if item.isDefault { return true }
        for pattern in item.patterns {
            var attempt = scope
            if try match(pattern, value, &attempt) {
                scope = attempt
                return true
            }
        }
        return false
    }

    /// Whether `value` matches `pattern`, binding its `let` names.
    mutating func match(_ pattern: Pattern, _ value: ProgramValue, _ scope: inout Scope) throws(ProgramError) -> Bool {
        switch pattern {
        case .wildcard: return true
        case .binding(let name):
            scope = scope.with(name, .value(value, mutable: false))
            return true
        case .some(let inner):
            guard value != .none else { return false }
            return try match(inner, value, &scope)
        case .value(.implicitMember(let name)):
            // `.row` alone matches a case with associated values whatever they are.
            if case .enumCase(_, let caseName, let payload) = value, !payload.isEmpty { return caseName == name }
            return Self.same(value, try evaluate(.implicitMember(name), &scope, hint: Self.enumType(of: value)))
        case .value(let expression):
            return Self.same(value, try evaluate(expression, &scope, hint: Self.enumType(of: value)))
        case .enumCase(let name, let payload):
            guard case .enumCase(_, name, let values) = value else { return false }
            if payload.isEmpty { return true }
            guard payload.count == values.count else { return false }
            for (inner, element) in zip(payload, values) where !(try match(inner, element, &scope)) {
                return false
            }
            return true
        }
    }
}
