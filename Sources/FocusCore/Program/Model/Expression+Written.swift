extension Expression {
    /// The expression as Swift would write it (`email.isEmpty`, `!text.contains("@")`,
    /// `focus == .email`), with the parentheses its operators need: how Step names what a
    /// statement read. A closure is shown as `{ … }`.
    public var written: String {
        switch self {
        case .string(let text): return "\"" + ValueText.escaped(text) + "\""
        case .interpolated(let pieces):
            let inner = pieces.map { piece in
                switch piece {
                case .literal(let text): ValueText.escaped(text)
                case .expression(let expression): "\\(" + expression.written + ")"
                }
            }
            return "\"" + inner.joined() + "\""
        case .integer(let number): return String(number)
        case .double(let number): return number.description
        case .boolean(let flag): return flag ? "true" : "false"
        case .nilLiteral: return "nil"
        case .name(let name): return name
        case .binding(let name): return "$" + name
        case .member(let base, let name): return base.operand + "." + name
        case .implicitMember(let name): return "." + name
        case .optionalChain(let base): return base.operand + "?"
        case .call(let callee, let arguments):
            if let last = arguments.last, last.label == nil, case .closure = last.value {
                let others = arguments.dropLast()
                let list = others.isEmpty ? "" : "(" + others.map(\.written).joined(separator: ", ") + ")"
                return callee.operand + list + " { … }"
            }
            return callee.operand + "(" + arguments.map(\.written).joined(separator: ", ") + ")"
        case .subscript(let base, let arguments):
            return base.operand + "[" + arguments.map(\.written).joined(separator: ", ") + "]"
        case .prefix(let op, let operand): return op + operand.operand
        case .infix(let op, let lhs, let rhs):
            let precedence = Self.precedence(of: op)
            let left = lhs.precedence < precedence ? "(" + lhs.written + ")" : lhs.written
            let right = rhs.precedence <= precedence ? "(" + rhs.written + ")" : rhs.written
            return left + " " + op + " " + right
        case .ternary(let condition, let then, let otherwise):
            let parts = [condition, then, otherwise].map {
                $0.precedence <= Self.ternaryPrecedence ? "(" + $0.written + ")" : $0.written
            }
            return parts[0] + " ? " + parts[1] + " : " + parts[2]
        case .array(let elements): return "[" + elements.map(\.written).joined(separator: ", ") + "]"
        case .closure: return "{ … }"
        case .keyPath(let names): return "\\." + names.joined(separator: ".")
        case .unmodelled(let text): return text
        }
    }

    /// Written as the operand of a prefix operator, a member or a call: in parentheses when it
    /// has operators of its own.
    private var operand: String {
        precedence < Self.postfixPrecedence ? "(" + written + ")" : written
    }

    private static let ternaryPrecedence = 100
    private static let postfixPrecedence = 1_000

    /// How tightly the expression's outermost operator binds, as Swift's precedence groups order them.
    private var precedence: Int {
        switch self {
        case .infix(let op, _, _): Self.precedence(of: op)
        case .ternary: Self.ternaryPrecedence
        case .prefix: 500
        default: Self.postfixPrecedence
        }
    }

    private static func precedence(of op: String) -> Int {
        switch op {
        case "||": 110
        case "&&": 120
        case "==", "!=", "<", ">", "<=", ">=", "===", "!==": 130
        case "??": 131
        case "..<", "...": 135
        case "+", "-": 140
        case "*", "/", "%": 150
        default: 130
        }
    }
}

extension Argument {
    /// The argument as written: `label: value`, or the value alone.
    fileprivate var written: String {
        (label.map { $0 + ": " } ?? "") + value.written
    }
}
