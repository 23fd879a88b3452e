import FocusCore
import SwiftUISource
import Testing

/// Expressions keep their shape, with Swift's precedence applied to operators.
@Suite("Reading expressions")
struct ExpressionReadingTests {
    /// The value of `let probe = <expression>` in a method, and the diagnostics.
    static func read(_ expression: String) throws -> (Expression?, [SourceDiagnostic]) {
        let source = TestSource(
            """
            struct Probe: View {
                var body: some View { Text("") }
                func probe() {
                    let probe = \(expression)
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        guard case .declare(_, _, let value)? = try program.method("Probe", "probe").body.first?.kind else {
            return (nil, diagnostics)
        }
        return (value, diagnostics)
    }

    @Test(
        "Operators fold with Swift's precedence",
        arguments: [
            ("a && b || c", Expression.infix("||", .infix("&&", .name("a"), .name("b")), .name("c"))),
            ("a || b && c", .infix("||", .name("a"), .infix("&&", .name("b"), .name("c")))),
            ("1 + 2 * 3 == 7", .infix("==", .infix("+", .integer(1), .infix("*", .integer(2), .integer(3))), .integer(7))),
            ("name ?? \"\" != \"\"", .infix("!=", .infix("??", .name("name"), .string("")), .string(""))),
            ("!done && -x < 0", .infix("&&", .prefix("!", .name("done")), .infix("<", .prefix("-", .name("x")), .integer(0)))),
            ("ok ? .next : nil", .ternary(.name("ok"), .implicitMember("next"), .nilLiteral)),
            (
                "a == b ? 1 : 2 + 3",
                .ternary(.infix("==", .name("a"), .name("b")), .integer(1), .infix("+", .integer(2), .integer(3)))
            ),
            ("0...count - 1", .infix("...", .integer(0), .infix("-", .name("count"), .integer(1)))),
        ])
    func precedence(source: String, expected: Expression) throws {
        let (value, diagnostics) = try Self.read(source)
        #expect(value == expected)
        #expect(diagnostics.isEmpty)
    }

    @Test(
        "Literals, names, bindings, members, optional chains, calls, subscripts, arrays, key paths",
        arguments: [
            (
                "\"Hi \\(user.name)!\"",
                Expression.interpolated([.literal("Hi "), .expression(.member(.name("user"), "name")), .literal("!")])
            ),
            ("\"tab\\there\"", .string("tab\there")),
            ("2.5", .double(2.5)),
            ("1_000", .integer(1000)),
            ("$draft.title", .member(.binding("draft"), "title")),
            ("self.items.count", .member(.name("items"), "count")),
            ("items.first?.id", .member(.optionalChain(.member(.name("items"), "first")), "id")),
            ("items[index].title", .member(.subscript(.name("items"), [Argument(label: nil, value: .name("index"))]), "title")),
            ("[.a, .b]", .array([.implicitMember("a"), .implicitMember("b")])),
            ("\\.id", .keyPath(["id"])),
            (
                "try? await load(id: 3) { x in x }",
                .call(
                    .name("load"),
                    [
                        Argument(label: "id", value: .integer(3)),
                        Argument(
                            label: nil,
                            value: .closure(
                                parameters: ["x"],
                                body: [Statement(.expression(.name("x")), span: SourceSpan(line: 4, column: 51))])),
                    ])
            ),
            ("(count)", .name("count")),
        ])
    func shapes(source: String, expected: Expression) throws {
        let (value, diagnostics) = try Self.read(source)
        #expect(value == expected)
        #expect(diagnostics.isEmpty)
    }

    @Test("Additional trailing closures keep their labels")
    func additionalTrailingClosures() throws {
        let (value, _) = try Self.read("pick { 1 } onCancel: { 2 }")
        guard case .call(.name("pick"), let arguments)? = value else {
            Issue.record("\(String(describing: value))")
            return
        }
        #expect(arguments.map(\.label) == [nil, "onCancel"])
    }

    @Test("An expression outside the subset is kept as written, with a warning at it")
    func unmodelled() throws {
        let (value, diagnostics) = try Self.read("items.first!")
        #expect(value == .unmodelled("items.first!"))
        #expect(
            diagnostics == [
                SourceDiagnostic(
                    line: 4, column: 21, severity: .warning,
                    message: "`items.first!` is not modelled: the playground cannot evaluate it.")
            ])
    }
}
