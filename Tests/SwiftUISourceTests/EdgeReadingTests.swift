import FocusCore
import SwiftUISource
import Testing

/// Sources at the edges: nothing to read, code outside any view, operators that do not fold.
@Suite("Reading sources at the edges")
struct EdgeReadingTests {
    @Test(
        "A source with nothing but an import, comments or nothing at all reads as an empty program",
        arguments: ["", "import SwiftUI\n", "// A note\n/* more */\n"])
    func empty(text: String) throws {
        let (program, diagnostics) = try TestSource(text).read()
        #expect(program == SwiftUIProgram())
        #expect(diagnostics.isEmpty)
    }

    @Test("Top-level code and #Preview: the code is warned about, the preview is not")
    func topLevel() throws {
        let source = TestSource(
            """
            import SwiftUI
            let greeting = "Hi"
            struct Hello: View { var body: some View { Text(greeting) } }
            #Preview { Hello() }
            """)
        let (program, diagnostics) = try source.read()
        #expect(program.screens.map(\.name) == ["Hello"])
        #expect(diagnostics == [source.warning(2, "let", "This top-level code is not modelled: it is left out.")])
    }

    @Test("Comparisons that do not associate are warned about where the operator is, and kept as written")
    func nonAssociative() throws {
        let source = TestSource(
            """
            struct Odd: View {
                var body: some View { Text("") }
                func check() { ok = a == b == c }
            }
            """)
        let (program, diagnostics) = try source.read()
        let body = try program.method("Odd", "check").body
        #expect(body.count == 1)
        guard case .assign(.name("ok"), "=", let value)? = body.first?.kind else {
            Issue.record("\(body)")
            return
        }
        if case .unmodelled = value {
        } else if case .infix = value {
        } else {
            Issue.record("\(value)")
        }
        #expect(diagnostics.first?.line == 3)
        #expect(diagnostics.first?.message.contains("adjacent operators") == true, "\(diagnostics)")
    }
}
