import FocusCore
import SwiftUISource
import Testing

/// A login form with a secure field and a Return chain, read into the whole structure at once.
@Suite("Reading a login form")
struct LoginFormReadingTests {
    static let source = TestSource(
        """
        import SwiftUI

        struct LoginForm: View {
            enum Field: Hashable { case username, password }
            @FocusState private var focus: Field?
            @State private var username = ""
            @State var password: String = ""

            var body: some View {
                Form {
                    TextField("Username", text: $username)
                        .focused($focus, equals: .username)
                        .submitLabel(.next)
                        .onSubmit { focus = .password }
                    SecureField("Password", text: $password)
                        .focused($focus, equals: .password)
                        .submitLabel(.go)
                        .onSubmit(signIn)
                }
            }

            func signIn() {
                focus = nil
            }
        }
        """)

    @Test("The enum, the properties, the body and the method, each where it is written")
    func wholeStructure() throws {
        let source = Self.source
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        #expect(
            program.enums == [
                EnumDeclaration(
                    name: "LoginForm.Field",
                    cases: [
                        .init(name: "username", span: source.at(4, "username")),
                        .init(name: "password", span: source.at(4, "password")),
                    ],
                    span: source.at(4, "enum"))
            ])
        #expect(program.models.isEmpty)
        #expect(program.components.isEmpty)
        let expected = ViewDeclaration(
            name: "LoginForm",
            properties: [
                ViewProperty(
                    name: "focus", wrapper: .focusState, type: .optional(.named("Field")), initial: nil,
                    span: source.at(5, "@FocusState")),
                ViewProperty(name: "username", wrapper: .state, type: nil, initial: .string(""), span: source.at(6, "@State")),
                ViewProperty(
                    name: "password", wrapper: .state, type: .named("String"), initial: .string(""),
                    span: source.at(7, "@State")),
            ],
            body: [
                ViewNode(
                    .container(
                        .form, title: nil,
                        content: [
                            ViewNode(
                                .textInput(TextInputView(style: .field, title: .string("Username"), text: .name("username"))),
                                modifiers: [
                                    ViewModifier(
                                        .focused(binding: .name("focus"), equals: .implicitMember("username")),
                                        span: source.at(12, ".focused")),
                                    ViewModifier(.submitLabel(.implicitMember("next")), span: source.at(13, ".submitLabel")),
                                    ViewModifier(
                                        .onSubmit(
                                            triggers: "text",
                                            action: [
                                                Statement(
                                                    .assign(
                                                        target: .name("focus"), operator: "=", value: .implicitMember("password")),
                                                    span: source.at(14, "focus ="))
                                            ]),
                                        span: source.at(14, ".onSubmit")),
                                ],
                                span: source.at(11, "TextField")),
                            ViewNode(
                                .textInput(TextInputView(style: .secure, title: .string("Password"), text: .name("password"))),
                                modifiers: [
                                    ViewModifier(
                                        .focused(binding: .name("focus"), equals: .implicitMember("password")),
                                        span: source.at(16, ".focused")),
                                    ViewModifier(.submitLabel(.implicitMember("go")), span: source.at(17, ".submitLabel")),
                                    ViewModifier(
                                        .onSubmit(
                                            triggers: "text",
                                            action: [
                                                Statement(.expression(.call(.name("signIn"), [])), span: source.at(18, "signIn"))
                                            ]),
                                        span: source.at(18, ".onSubmit")),
                                ],
                                span: source.at(15, "SecureField")),
                        ]),
                    span: source.at(10, "Form"))
            ],
            methods: [
                MethodDeclaration(
                    name: "signIn", parameters: [], returnType: nil,
                    body: [
                        Statement(
                            .assign(target: .name("focus"), operator: "=", value: .nilLiteral), span: source.at(23, "focus"))
                    ],
                    span: source.at(22, "func"))
            ],
            span: source.at(3, "struct"))
        #expect(program.screens == [expected])
    }

    @Test("A source that does not parse gives the parser's errors and no program")
    func syntaxError() {
        let broken = Self.source.text.replacingOccurrences(
            of: "SecureField(\"Password\", text: $password)", with: "SecureField(\"Password\", text: $password")
        let reading = SourceReader.read(broken)
        #expect(reading.program == nil)
        let first = reading.diagnostics.first
        #expect(first?.severity == .error)
        // The call goes on through the modifier lines below it and is found unclosed after the last.
        #expect(first?.line == 18, "\(reading.diagnostics)")
        #expect(first?.message.contains("expected ')'") == true, "\(reading.diagnostics)")
        #expect(reading.diagnostics.allSatisfy { $0.severity != .warning })
    }
}
