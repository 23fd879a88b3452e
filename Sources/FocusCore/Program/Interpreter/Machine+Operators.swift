extension Machine {
    mutating func infix(_ op: String, _ lhs: Expression, _ rhs: Expression, _ scope: inout Scope, hint: String?)
        throws(ProgramError) -> ProgramValue
    {
        switch op {
        case "&&", "||":
            // Short-circuits as Swift does: the right side runs only when it decides.
            let left = try truth(lhs, &scope)
            if left == (op == "||") { return .boolean(left) }
            return .boolean(try truth(rhs, &scope))
        case "??":
            let left = try evaluate(lhs, &scope, hint: hint)
            return left == .none ? try evaluate(rhs, &scope, hint: hint ?? Self.enumType(of: left)) : left
        case "==", "!=":
            let (left, right) = try operands(lhs, rhs, &scope)
            return .boolean(Self.same(left, right) == (op == "=="))
        default:
            let (left, right) = try operands(lhs, rhs, &scope)
            return try arithmetic(op, left, right)
        }
    }

    /// Both sides, the side that names its type first so `.password` on the other side is typed.
    private mutating func operands(_ lhs: Expression, _ rhs: Expression, _ scope: inout Scope) throws(ProgramError)
        -> (ProgramValue, ProgramValue)
    {
        if Self.isImplicit(lhs) && !Self.isImplicit(rhs) {
            let right = try evaluate(rhs, &scope)
            return (try evaluate(lhs, &scope, hint: Self.enumType(of: right)), right)
        }
        let left = try evaluate(lhs, &scope)
        return (left, try evaluate(rhs, &scope, hint: Self.enumType(of: left)))
    }

    static func isImplicit(_ expression: Expression) -> Bool {
        switch expression {
        case .implicitMember, .call(.implicitMember, _): true
        default: false
        }
    }

    static func enumType(of value: ProgramValue) -> String? {
        switch value {
        case .enumCase(let type, _, _): type
        case .array(let items): items.first.flatMap(enumType(of:))
        default: nil
        }
    }

    /// Swift's `==` on the values the playground has; enum types compare by their last name, since
    /// `Field` and `LoginForm.Field` are one type seen from inside and outside the view.
    static func same(_ lhs: ProgramValue, _ rhs: ProgramValue) -> Bool {
        switch (lhs, rhs) {
        case (.enumCase(let leftType, let leftName, let leftPayload), .enumCase(let rightType, let rightName, let rightPayload)):
            return leftName == rightName && ValueText.shortTypeName(leftType) == ValueText.shortTypeName(rightType)
                && leftPayload.count == rightPayload.count && zip(leftPayload, rightPayload).allSatisfy(same)
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy(same)
        case (.model(let leftType, let left), .model(let rightType, let right)):
            return leftType == rightType && left.count == right.count
                && zip(left, right).allSatisfy { $0.name == $1.name && same($0.value, $1.value) }
        case (.integer(let left), .double(let right)): return Double(left) == right
        case (.double(let left), .integer(let right)): return left == Double(right)
        default: return lhs == rhs
        }
    }

    private func arithmetic(_ op: String, _ left: ProgramValue, _ right: ProgramValue) throws(ProgramError)
        -> ProgramValue
    {
        switch (left, right) {
        case (.integer(let a), .integer(let b)):
            switch op {
            case "+", "-", "*":
                let (result, overflow) =
                    op == "+"
                    ? a.addingReportingOverflow(b)
                    : op == "-" ? a.subtractingReportingOverflow(b) : a.multipliedReportingOverflow(by: b)
                if overflow { throw failure("\(a) \(op) \(b) overflows an Int") }
                return .integer(result)
            case "/", "%":
                if b == 0 { throw failure("division by zero") }
                return .integer(op == "/" ? a / b : a % b)
            case "<": return .boolean(a < b)
            case ">": return .boolean(a > b)
            case "<=": return .boolean(a <= b)
            case ">=": return .boolean(a >= b)
            case "..<", "...":
                let end = op == "..<" ? b : b + 1
                if end < a { throw failure("the range \(a)\(op)\(b) ends before it starts") }
                if end - a > 100_000 { throw failure("the range \(a)\(op)\(b) is longer than this playground runs") }
                return .array((a..<end).map { .integer($0) })
            default: break
            }
        case (.integer, .double), (.double, .integer), (.double, .double):
            let a = Self.number(left)
            let b = Self.number(right)
            switch op {
            case "+": return .double(a + b)
            case "-": return .double(a - b)
            case "*": return .double(a * b)
            case "/": return .double(a / b)
            case "<": return .boolean(a < b)
            case ">": return .boolean(a > b)
            case "<=": return .boolean(a <= b)
            case ">=": return .boolean(a >= b)
            default: break
            }
        case (.string(let a), .string(let b)):
            switch op {
            case "+": return .string(a + b)
            case "<": return .boolean(a < b)
            case ">": return .boolean(a > b)
            case "<=": return .boolean(a <= b)
            case ">=": return .boolean(a >= b)
            default: break
            }
        case (.array(let a), .array(let b)) where op == "+":
            return .array(a + b)
        default: break
        }
        throw failure("'\(op)' does not apply to \(printer.swift(left, short: true)) and \(printer.swift(right, short: true))")
    }

    static func number(_ value: ProgramValue) -> Double {
        switch value {
        case .integer(let number): Double(number)
        case .double(let number): number
        default: 0
        }
    }
}
