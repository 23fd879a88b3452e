import FocusCore
import SwiftUISource
import Testing

/// Enums, row models, view properties, and which views are screens and which are components.
@Suite("Reading declarations")
struct DeclarationReadingTests {
    @Test("An enum with Int raw values, explicit and implicit, and CaseIterable")
    func intRawValues() throws {
        let source = TestSource(
            """
            enum Step: Int, CaseIterable, Hashable {
                case name
                case email = 5
                case phone, address
                case done = -1
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        #expect(
            program.enums == [
                EnumDeclaration(
                    name: "Step",
                    cases: [
                        .init(name: "name", rawValue: 0, span: source.at(2, "name")),
                        .init(name: "email", rawValue: 5, span: source.at(3, "email")),
                        .init(name: "phone", rawValue: 6, span: source.at(4, "phone")),
                        .init(name: "address", rawValue: 7, span: source.at(4, "address")),
                        .init(name: "done", rawValue: -1, span: source.at(5, "done")),
                    ],
                    caseIterable: true, intRawValues: true, span: source.at(1, "enum"))
            ])
    }

    @Test("Cases with associated values keep their labels; String raw values are warned about")
    func associatedValues() throws {
        let source = TestSource(
            """
            struct Editor: View {
                enum Focus: Hashable {
                    case title
                    case row(id: UUID), cell(Int, column: Int)
                }
                enum Tab: String { case one }
                var body: some View { Text("Editor") }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(program.enums.map(\.name) == ["Editor.Focus", "Editor.Tab"])
        #expect(
            program.enums.first?.cases == [
                .init(name: "title", span: source.at(3, "title")),
                .init(name: "row", payloadLabels: ["id"], span: source.at(4, "row")),
                .init(name: "cell", payloadLabels: [nil, "column"], span: source.at(4, "cell")),
            ])
        #expect(program.enums.last?.intRawValues == false)
        #expect(
            diagnostics == [
                source.warning(6, "String", "`String` raw values are not modelled: only `Int` ones are.")
            ])
    }

    @Test("A row model with lets and vars, typed and untyped, nested and qualified")
    func models() throws {
        let source = TestSource(
            """
            struct Checklist: View {
                struct Item: Identifiable {
                    let id = UUID()
                    var title: String
                    var done = false
                    var tags: [String] = []
                }
                @State private var items: [Item] = [Item(title: "Milk")]
                var body: some View { List { } }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        #expect(
            program.models == [
                ModelDeclaration(
                    name: "Checklist.Item",
                    properties: [
                        .init(
                            name: "id", type: nil, initial: .call(.name("UUID"), []), isLet: true, span: source.at(3, "id")),
                        .init(name: "title", type: .named("String"), initial: nil, isLet: false, span: source.at(4, "title")),
                        .init(name: "done", type: nil, initial: .boolean(false), isLet: false, span: source.at(5, "done")),
                        .init(
                            name: "tags", type: .array(.named("String")), initial: .array([]), isLet: false,
                            span: source.at(6, "tags")),
                    ],
                    span: source.at(2, "struct"))
            ])
        let items = try #require(try program.view("Checklist").properties.first)
        #expect(items.type == .array(.named("Item")))
        #expect(items.initial == .array([.call(.name("Item"), [Argument(label: "title", value: .string("Milk"))])]))
    }

    @Test("A child view with a FocusState.Binding and a @Binding, used by its parent, is a component")
    func componentWithFocusBinding() throws {
        let source = TestSource(
            """
            struct EmailRow: View {
                @Binding var email: String
                var focus: FocusState<SignUp.Field?>.Binding
                let title: String
                var body: some View {
                    TextField(title, text: $email).focused(focus, equals: .email)
                }
            }

            struct SignUp: View {
                enum Field { case email, password }
                @FocusState private var focus: Field?
                @State private var email = ""
                var body: some View {
                    VStack {
                        EmailRow(email: $email, focus: $focus, title: "Email")
                    }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        #expect(program.screens.map(\.name) == ["SignUp"])
        #expect(program.components.map(\.name) == ["EmailRow"])
        let row = try program.view("EmailRow")
        #expect(
            row.properties == [
                ViewProperty(
                    name: "email", wrapper: .binding, type: .named("String"), initial: nil, span: source.at(2, "@Binding")),
                ViewProperty(
                    name: "focus", wrapper: .focusBinding, type: .optional(.named("SignUp.Field")), initial: nil,
                    span: source.at(3, "var")),
                ViewProperty(name: "title", wrapper: .plain, type: .named("String"), initial: nil, span: source.at(4, "let")),
            ])
        #expect(
            row.body.first?.modifiers == [
                ViewModifier(.focused(binding: .name("focus"), equals: .implicitMember("email")), span: source.at(6, ".focused"))
            ])
        let use = try #require(try program.view("SignUp").body.first?.children.first)
        #expect(
            use
                == ViewNode(
                    .component(
                        name: "EmailRow",
                        arguments: [
                            Argument(label: "email", value: .binding("email")),
                            Argument(label: "focus", value: .binding("focus")),
                            Argument(label: "title", value: .string("Email")),
                        ]),
                    span: source.at(16, "EmailRow")))
    }

    @Test("Two screens stay screens in source order; statics are warned about; computed properties and extensions are read")
    func screensComputedAndExtensions() throws {
        let source = TestSource(
            """
            struct Second: View {
                static let limit = 8
                @State private var code = ""
                var isValid: Bool { code.count >= 4 }
                var body: some View { TextField("Code", text: $code) }
            }
            struct First: View {
                var body: some View { Text("One") }
            }
            extension Second {
                func clear() { code = "" }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(program.screens.map(\.name) == ["Second", "First"])
        let second = try program.view("Second")
        #expect(second.properties.map(\.name) == ["code"])
        #expect(
            second.computedProperties == [
                MethodDeclaration(
                    name: "isValid", parameters: [], returnType: .named("Bool"),
                    body: [
                        Statement(
                            .returnValue(.infix(">=", .member(.name("code"), "count"), .integer(4))), span: source.at(4, "code"))
                    ],
                    span: source.at(4, "isValid"))
            ])
        #expect(second.methods.map(\.name) == ["clear"])
        #expect(
            diagnostics == [
                source.warning(2, "limit", "The static property `limit` is not modelled: a use of it reads no value.")
            ])
    }

    @Test("Method parameters: labels, `_`, and types")
    func methodParameters() throws {
        let source = TestSource(
            """
            struct Wizard: View {
                var body: some View { Text("x") }
                func move(from field: Field, _ step: Int) -> Field? { nil }
            }
            """)
        let (program, _) = try source.read()
        let move = try program.method("Wizard", "move")
        #expect(
            move.parameters == [
                .init(label: "from", name: "field", type: .named("Field")), .init(label: nil, name: "step", type: .named("Int")),
            ])
        #expect(move.returnType == .optional(.named("Field")))
        #expect(move.body == [Statement(.returnValue(.nilLiteral), span: source.at(3, "nil"))])
    }

    @Test(
        "An init that stores its parameters and seeds state from them gives the state its first value; any other is warned about")
    func seedingInit() throws {
        let source = TestSource(
            """
            struct TodoRow: View {
                let todo: Todo
                @State private var title: String
                @State private var notes: String
                init(todo: Todo) {
                    self.todo = todo
                    _title = State(initialValue: todo.title)
                    _notes = .init(initialValue: todo.notes ?? "")
                }
                var body: some View { TextField("Title", text: $title) }
            }
            struct Other: View {
                let count: Int
                init(total: Int) { count = total * 2 }
                var body: some View { Text("") }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(
            try program.view("TodoRow").properties.map(\.initial) == [
                nil, .member(.name("todo"), "title"), .infix("??", .member(.name("todo"), "notes"), .string("")),
            ])
        #expect(try program.view("Other").properties.map(\.initial) == [nil])
        #expect(
            diagnostics == [
                source.warning(
                    14, "init", "A view's own `init` is not modelled: the view is made memberwise from its properties.")
            ])
    }

    @Test("An enum's methods and computed properties are read; its statics are warned about")
    func enumMembers() throws {
        let source = TestSource(
            """
            enum Field: Int, CaseIterable {
                case first, second
                static let order: [Field] = [.first, .second]
                var next: Field? { Field(rawValue: rawValue + 1) }
                func title(prefix: String) -> String {
                    switch self {
                    case .first: return prefix + "1"
                    case .second: return prefix + "2"
                    }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        let field = try #require(program.enums.first)
        #expect(field.cases.map(\.name) == ["first", "second"])
        #expect(
            field.computedProperties == [
                MethodDeclaration(
                    name: "next", parameters: [], returnType: .optional(.named("Field")),
                    body: [
                        Statement(
                            .returnValue(
                                .call(
                                    .name("Field"),
                                    [Argument(label: "rawValue", value: .infix("+", .name("rawValue"), .integer(1)))])),
                            span: source.at(4, "Field(rawValue"))
                    ],
                    span: source.at(4, "next"))
            ])
        #expect(field.methods.map(\.name) == ["title"])
        #expect(field.methods.first?.parameters == [.init(label: "prefix", name: "prefix", type: .named("String"))])
        guard case .switchOn(.name("self"), let cases)? = field.methods.first?.body.first?.kind else {
            Issue.record("\(field.methods)")
            return
        }
        #expect(cases.map(\.patterns) == [[.value(.implicitMember("first"))], [.value(.implicitMember("second"))]])
        #expect(diagnostics == [source.warning(3, "static", "This member of `Field` is not modelled: it is left out.")])
    }
}
