import FocusCore
import Testing

@Suite("Program checks and drawing")
struct CheckAndDrawTests {
    static let notes = SwiftUIProgram(
        enums: [enumeration("Field", ["title", "body"])],
        screens: [
            screen(
                "Note",
                [
                    state(10, "title", stringType, str("")), state(11, "body", stringType, str("Hi")),
                    focusState(12, "focus", optional("Field")), focusState(13, "editing", boolType),
                ],
                [
                    field(
                        20, "Title", "title",
                        [
                            focused(21, "focus", dot("title")), modifier(22, .keyboardType("emailAddress")),
                            modifier(23, .textContentType("username")), modifier(24, .submitLabel(.implicitMember("done"))),
                        ]),
                    ViewNode(
                        .textInput(TextInputView(style: .editor, title: nil, text: ref("body"))),
                        modifiers: [focused(26, "focus", dot("body")), onSubmit(27, [set(27, "title", str("submitted"))])],
                        span: span(25)),
                    field(28, "Ghost", "title", [focused(29, "focus", dot("ghost"))]),
                    field(30, "Flag", "title", [focused(31, "editing", dot("title"))]),
                    field(32, "Bare", "title", [focused(33, "focus")]),
                ])
        ])

    @Test func focusedValuesOfTheWrongTypeAreWarnedAbout() {
        let warnings = ProgramCheck.warnings(of: Self.notes)
        #expect(warnings.map(\.span.line) == [29, 31, 33])
        #expect(warnings[0].message == "`.ghost` is not a case of Field, the type of `focus`")
        #expect(warnings[1].message.hasPrefix("`editing` is a Bool focus state"))
        #expect(warnings[2].message.hasPrefix("`focus` is not a Bool"))
    }

    @Test func returnInATextEditorInsertsANewLine() throws {
        var session = try Running(Self.notes)
        let editor = try #require(session.views.first { $0.kind == .textEditor }?.key)
        try session.apply(.tap(editor))
        let outcome = try session.apply(.submit)
        #expect(outcome.events.contains(ProgramEvent(.edit(editor), line: nil)))
        #expect(try session.interpreter.text(of: editor, in: session.run) == "Hi\n")
        #expect(session.value("title") == "\"\"" && session.screen.focused == editor)
    }

    @Test func fieldsDrawTheirInputHints() throws {
        let session = try Running(Self.notes)
        let title = try #require(session.views.first { $0.title == "Title" })
        #expect(title.keyboardType == "emailAddress" && title.textContentType == "username" && title.submitLabel == "done")
        #expect(title.kind == .textField && title.value == "" && title.line == 20)
        #expect(
            session.screen.focusValues == [NamedValue(name: "focus", value: "nil"), NamedValue(name: "editing", value: "false")])
    }
}
