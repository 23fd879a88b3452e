import FocusCore
import TestSupport
import Testing

/// Step's trace of an action, from the interpreter alone: each statement that ran, in order, with
/// what it read, what it wrote and the focus state around it.
@Suite("An action traced statement by statement")
struct StatementTraceTests {
    static var source: String {
        get throws { try Fixtures.stepSignUp }
    }

    @Test("Sign Up with an empty email: the button's call, two conditions, the assignment, each with its reads and focus")
    func validation() throws {
        var form = try ExampleForm(source: try Self.source)
        try form.tap("Username")
        try form.type("ada", into: "Username")
        let before = form.run
        let trace = try form.interpreter.trace(.tap(try form.key("Sign Up")), on: form.run, ids: form.ids)
        #expect(form.run == before, "tracing changes nothing")
        #expect(!trace.truncated)
        #expect(
            trace.statements.map(\.line)
                == [
                    try form.line(of: "Button(\"Sign Up\")"), try form.line(of: "if username.isEmpty"),
                    try form.line(of: "} else if email.isEmpty"), try form.line(of: "focusedField = .email"),
                ])
        let reads = trace.statements.map { $0.reads.map { "\($0.name) = \($0.value)" } }
        #expect(reads[0] == [])
        #expect(reads[1] == ["username.isEmpty = false"])
        #expect(reads[2] == ["email.isEmpty = true", "email.isEmpty || !email.contains(\"@\") = true"])
        #expect(reads[3] == [])
        #expect(trace.statements[3].writes == [NamedValue(name: "focusedField", value: ".email")])
        let username = [NamedValue(name: "focusedField", value: ".username")]
        let email = [NamedValue(name: "focusedField", value: ".email")]
        #expect(trace.statements.map(\.focusBefore) == [username, username, username, username])
        #expect(trace.statements.map(\.focusAfter) == [username, username, username, email])

        try form.tap("Sign Up")
        #expect(form.focusedTitle == "Email", "applied, the action ends where the trace says")
    }

    @Test("Every branch reads what it tests: a full form goes to the else, which lets go of focus")
    func lastBranch() throws {
        var form = try ExampleForm(source: try Self.source)
        try form.type("ada", into: "Username")
        try form.type("ada@example.com", into: "Email")
        try form.type("secret", into: "Password")
        try form.tap("Password")
        let trace = try form.interpreter.trace(.tap(try form.key("Sign Up")), on: form.run, ids: form.ids)
        #expect(trace.statements.count == 5)
        #expect(trace.statements[2].reads.map(\.name) == ["email.isEmpty", "email", "email.isEmpty || !email.contains(\"@\")"])
        #expect(trace.statements[3].reads == [NamedValue(name: "password.isEmpty", value: "false")])
        #expect(trace.statements[4].line == (try form.line(of: "focusedField = nil")))
        #expect(trace.statements[4].focusAfter == [NamedValue(name: "focusedField", value: "nil")])
    }

    @Test("A statement that reads again after a call returns appears again; a trace keeps at most its limit")
    func resumedAndLimited() throws {
        let source = """
            import SwiftUI

            struct Counter: View {
                @State private var count = 0
                @State private var label = ""

                var body: some View {
                    Form {
                        Text(label)
                        Button("Count") { label = describe(count + 1) }
                    }
                }

                func describe(_ number: Int) -> String {
                    count = number
                    return "Counted \\(number)"
                }
            }
            """
        let form = try ExampleForm(source: source)
        let trace = try form.interpreter.trace(.tap(try form.key("Count")), on: form.run, ids: form.ids)
        let button = try form.line(of: "Button(\"Count\")")
        #expect(trace.statements.map(\.line) == [button, button + 5, button + 6, button])
        #expect(trace.statements[0].reads == [NamedValue(name: "count", value: "0")])
        #expect(trace.statements[1].reads == [NamedValue(name: "number", value: "1")])
        #expect(trace.statements[1].writes == [NamedValue(name: "count", value: "1")])
        #expect(trace.statements[2].reads == [NamedValue(name: "number", value: "1")])
        #expect(trace.statements[3].writes == [NamedValue(name: "label", value: "\"Counted 1\"")])

        let short = try form.interpreter.trace(.tap(try form.key("Count")), on: form.run, ids: form.ids, keeping: 2)
        #expect(short.statements.count == 2)
        #expect(short.truncated)
    }

    @Test("Written expressions keep the parentheses their operators need")
    func written() {
        let grouped = Expression.infix("&&", .infix("||", .name("a"), .name("b")), .prefix("!", .member(.name("c"), "isEmpty")))
        #expect(grouped.written == "(a || b) && !c.isEmpty")
        let call = Expression.call(.member(.name("text"), "hasPrefix"), [Argument(label: nil, value: .string("@"))])
        #expect(call.written == "text.hasPrefix(\"@\")")
        #expect(Expression.infix("-", .name("a"), .infix("-", .name("b"), .integer(1))).written == "a - (b - 1)")
    }
}
