import FocusCore
import Foundation
import SwiftUISource
import Testing

/// The toolchain's parser, linked from its host libraries, reads a SwiftUI source and says where
/// it is broken with the compiler's own words.
@Suite("Syntax check with the toolchain's parser")
struct SyntaxCheckTests {
    static let login = """
        import SwiftUI

        struct LoginForm: View {
            enum Field: Hashable { case username, password }
            @FocusState private var focusedField: Field?
            @State private var username = ""

            var body: some View {
                Form {
                    TextField("Username", text: $username)
                        .focused($focusedField, equals: .username)
                        .onSubmit { focusedField = .password }
                }
            }
        }
        """

    @Test("A well-formed view has no diagnostics")
    func clean() {
        #expect(SyntaxCheck.diagnostics(of: Self.login).isEmpty)
    }

    @Test("A call left open is an error where the next line goes on without it, in the parser's words")
    func missingParenthesis() throws {
        let broken = Self.login.replacingOccurrences(
            of: "TextField(\"Username\", text: $username)", with: "TextField(\"Username\", text: $username")
        let diagnostics = SyntaxCheck.diagnostics(of: broken)
        let first = try #require(diagnostics.first)
        #expect(first.severity == .error)
        #expect(first.message.contains("expected ')'"), "\(first.message)")
        #expect(first.line == 12, "line \(first.line): \(diagnostics)")
        #expect(first.column >= 1)
    }

    /// Next to an operator such a character makes swift-syntax build an empty Fix-It, which traps
    /// the process (found by `make fuzz`); the check names it and lets the parser read the rest.
    @Test("A control character before an operator is an error at its column, and the parser still reads the rest")
    func controlCharacterBeforeOperator() throws {
        let source = "struct A: View {\n    var body: some View { n \u{14}= 1 }\n    var x = (\n}\n"
        let diagnostics = SyntaxCheck.diagnostics(of: source)
        let invalid = try #require(diagnostics.first)
        #expect(invalid.message == "invalid character U+0014 in source file")
        #expect(invalid.line == 2 && invalid.column == 29, "\(invalid)")
        #expect(diagnostics.count > 1, "the parser's own diagnostics follow: \(diagnostics)")
    }

    @Test("A non-breaking space is left to the parser, which names it")
    func nonBreakingSpace() throws {
        let diagnostics = SyntaxCheck.diagnostics(of: "let a\u{A0}= 1\n")
        #expect(diagnostics.contains { $0.message.contains("non-breaking space") }, "\(diagnostics)")
    }

    /// Each of these, placed around an operator, made swift-syntax's diagnostics trap.
    @Test(
        "Odd whitespace and unreadable characters around an operator never trap the check",
        arguments: ["\u{0B}", "\u{0C}", "\u{14}", "\u{7F}", "\u{85}", "\u{2028}", "\u{FEFF}", "\u{FFFD}"])
    func oddTriviaAroundOperators(character: String) {
        for template in ["d =_ ", "d _= 1", "a +_ b", "a _? b : c", "let x =_&y"] {
            let source = template.replacingOccurrences(of: "_", with: character)
            let diagnostics = SyntaxCheck.diagnostics(of: source)
            let whitespace = character == "\u{0B}" || character == "\u{0C}"
            #expect(whitespace || diagnostics.contains { $0.message.hasPrefix("invalid character") }, "\(diagnostics)")
        }
    }

    /// Fifty-five open brackets kept swift-syntax's look-ahead busy for good (found by `make fuzz`).
    @Test("Brackets nested past the limit are refused at once, at the first one too deep; a real nesting reads")
    func deepBrackets() throws {
        let hostile = "let a = .e" + String(repeating: "[", count: 55) + "mail)\n"
        let reading = SourceReader.read(hostile)
        #expect(reading.program == nil)
        let error = try #require(reading.diagnostics.first)
        #expect(error.severity == .error && error.line == 1 && error.column == 17, "\(error)")
        #expect(error.message.contains("nest more than 6 deep"), "\(error.message)")
        #expect(SyntaxCheck.diagnostics(of: hostile) == reading.diagnostics)
        #expect(SyntaxCheck.diagnostics(of: "let grid: [[String]] = [[\"a\"], [\"b\"]]\nlet c = grid[0][0]\n").isEmpty)
    }
}
