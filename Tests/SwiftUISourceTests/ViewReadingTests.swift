import FocusCore
import SwiftUISource
import Testing

/// The views of a body: containers, rows, controls, texts, and what is not modelled.
@Suite("Reading views")
struct ViewReadingTests {
    @Test("Section titles: an unlabelled argument, a header closure, a header argument")
    func sectionTitles() throws {
        let source = TestSource(
            """
            struct Settings: View {
                var body: some View {
                    NavigationStack {
                        Form {
                            Section("Account") { Divider() }
                            Section {
                                Spacer()
                            } header: {
                                Text("Profile")
                            }
                            Section(header: Text("Danger")) { }
                        }
                    }
                    .navigationTitle("Settings")
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        let stack = try #require(try program.view("Settings").body.first)
        #expect(stack.modifiers == [ViewModifier(.presentation("navigationTitle"), span: source.at(14, "."))])
        let sections = try #require(stack.children.first?.children)
        #expect(
            sections == [
                ViewNode(
                    .container(.section, title: .string("Account"), content: [ViewNode(.divider, span: source.at(5, "Divider"))]),
                    span: source.at(5, "Section")),
                ViewNode(
                    .container(.section, title: .string("Profile"), content: [ViewNode(.spacer, span: source.at(7, "Spacer"))]),
                    span: source.at(6, "Section")),
                ViewNode(.container(.section, title: .string("Danger"), content: []), span: source.at(11, "Section")),
            ])
    }

    @Test("ForEach over items, over $items with $item in, over indices and ranges with id: \\.self, over allCases")
    func forEachForms() throws {
        let source = TestSource(
            """
            struct Rows: View {
                @State private var items: [Item] = []
                var body: some View {
                    List {
                        ForEach(items) { item in Text(item.title) }
                        ForEach($items) { $item in TextField("Title", text: $item.title) }
                        ForEach(items.indices, id: \\.self) { index in Text("\\(index)") }
                        ForEach(0..<3, id: \\.self) { _ in Divider() }
                        ForEach(Field.allCases, id: \\.self) { field in Text("x") }
                    }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        let rows = try #require(try program.view("Rows").body.first?.children)
        let forEaches = rows.compactMap { node -> ForEachView? in
            if case .forEach(let forEach) = node.kind { return forEach } else { return nil }
        }
        #expect(forEaches.count == 5)
        #expect(
            forEaches.first
                == ForEachView(
                    collection: .name("items"), overBinding: false, element: "item",
                    content: [ViewNode(.text(.member(.name("item"), "title"), markdown: false), span: source.at(5, "Text"))]))
        #expect(
            forEaches[1]
                == ForEachView(
                    collection: .name("items"), overBinding: true, element: "item",
                    content: [
                        ViewNode(
                            .textInput(
                                TextInputView(style: .field, title: .string("Title"), text: .member(.name("item"), "title"))),
                            span: source.at(6, "TextField"))
                    ]))
        #expect(forEaches[2].collection == .member(.name("items"), "indices"))
        #expect(forEaches[2].element == "index")
        #expect(
            forEaches[2].content.first?.kind
                == .text(.interpolated([.expression(.name("index"))]), markdown: false))
        #expect(forEaches[3].collection == .infix("..<", .integer(0), .integer(3)))
        #expect(forEaches[3].element == "_")
        #expect(forEaches[4].collection == .member(.name("Field"), "allCases"))
        #expect(rows.map(\.span) == (5...9).map { source.at($0, "ForEach") })
    }

    @Test("Text: a literal, verbatim, Markdown in a literal, AttributedString(markdown:)")
    func texts() throws {
        let source = TestSource(
            """
            struct Notes: View {
                let body2 = ""
                var body: some View {
                    VStack(alignment: .leading, spacing: 4) {
                        Text("Plain")
                        Text(verbatim: "**not bold**")
                        Text("Tap **Next** to go on")
                        Text(try! AttributedString(markdown: body2))
                        Text((try? AttributedString(markdown: body2)) ?? "")
                        Text(body2 ?? "None")
                    }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        let texts = try #require(try program.view("Notes").body.first?.children).map(\.kind)
        #expect(
            texts == [
                .text(.string("Plain"), markdown: false), .text(.string("**not bold**"), markdown: false),
                .text(.string("Tap **Next** to go on"), markdown: true), .text(.name("body2"), markdown: true),
                .text(.name("body2"), markdown: true), .text(.infix("??", .name("body2"), .string("None")), markdown: false),
            ])
    }

    @Test("Buttons: a title and closure, action: f, action: and a label, label: closure, role:")
    func buttons() throws {
        let source = TestSource(
            """
            struct Actions: View {
                var body: some View {
                    HStack {
                        Button("Save") { save() }
                        Button("Reset", role: .destructive, action: reset)
                        Button(action: { save() }) { Label("Send", systemImage: "paperplane") }
                        Button { reset() } label: { Text("Clear") }
                    }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        let buttons = try #require(try program.view("Actions").body.first?.children).map(\.kind)
        let save = Statement(.expression(.call(.name("save"), [])), span: source.at(4, "save"))
        #expect(
            buttons == [
                .button(ButtonView(title: .string("Save"), action: [save])),
                .button(
                    ButtonView(
                        title: .string("Reset"),
                        action: [Statement(.expression(.call(.name("reset"), [])), span: source.at(5, "reset"))],
                        role: "destructive")),
                .button(
                    ButtonView(
                        title: .string("Send"),
                        label: [ViewNode(.label(title: .string("Send")), span: source.at(6, "Label"))],
                        action: [Statement(.expression(.call(.name("save"), [])), span: source.at(6, "save"))])),
                .button(
                    ButtonView(
                        title: .string("Clear"),
                        label: [ViewNode(.text(.string("Clear"), markdown: false), span: source.at(7, "Text"))],
                        action: [Statement(.expression(.call(.name("reset"), [])), span: source.at(7, "reset"))])),
            ])
    }

    @Test("Toggle, a vertical TextField with a prompt, a TextEditor")
    func controls() throws {
        let source = TestSource(
            """
            struct Compose: View {
                var body: some View {
                    Form {
                        Toggle("Urgent", isOn: $urgent)
                        TextField("Notes", text: $notes, prompt: Text("Optional"), axis: .vertical)
                        TextEditor(text: $draft.body)
                    }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        let controls = try #require(try program.view("Compose").body.first?.children).map(\.kind)
        #expect(
            controls == [
                .toggle(title: .string("Urgent"), isOn: .name("urgent")),
                .textInput(TextInputView(style: .verticalField, title: .string("Notes"), text: .name("notes"))),
                .textInput(TextInputView(style: .editor, title: nil, text: .member(.name("draft"), "body"))),
            ])
    }

    @Test("A conditional reveal: `if focus == .row(id: item.id)` shows a notes field, with an else branch")
    func conditionalReveal() throws {
        let source = TestSource(
            """
            struct Tasks: View {
                var body: some View {
                    ForEach(items) { item in
                        if focus == .row(id: item.id) {
                            TextField("Notes", text: $notes)
                        } else if let note = item.note {
                            Text(note)
                        }
                    }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        let reveal = try #require(try program.view("Tasks").body.first?.children.first)
        let rowOfItem = Expression.call(
            .implicitMember("row"), [Argument(label: "id", value: .member(.name("item"), "id"))])
        #expect(
            reveal
                == ViewNode(
                    .conditional(
                        conditions: [.expression(.infix("==", .name("focus"), rowOfItem))],
                        then: [
                            ViewNode(
                                .textInput(TextInputView(style: .field, title: .string("Notes"), text: .name("notes"))),
                                span: source.at(5, "TextField"))
                        ],
                        otherwise: [
                            ViewNode(
                                .conditional(
                                    conditions: [.optionalBinding(name: "note", value: .member(.name("item"), "note"))],
                                    then: [ViewNode(.text(.name("note"), markdown: false), span: source.at(7, "Text"))],
                                    otherwise: []),
                                span: source.at(6, "if"))
                        ]),
                    span: source.at(4, "if")))
    }

    @Test("An unsupported view is a placeholder with a warning; what is inside it is still read")
    func unsupportedView() throws {
        let source = TestSource(
            """
            struct Browse: View {
                var body: some View {
                    NavigationLink("Details") {
                        TextField("Search", text: $query)
                    }
                    Image(systemName: "star")
                        .resizable()
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        let body = try program.view("Browse").body
        #expect(
            body == [
                ViewNode(
                    .unmodelled(
                        name: "NavigationLink",
                        content: [
                            ViewNode(
                                .textInput(TextInputView(style: .field, title: .string("Search"), text: .name("query"))),
                                span: source.at(4, "TextField"))
                        ]),
                    span: source.at(3, "NavigationLink")),
                ViewNode(
                    .unmodelled(name: "Image", content: []),
                    modifiers: [ViewModifier(.unmodelled("resizable"), span: source.at(7, "."))],
                    span: source.at(6, "Image")),
            ])
        #expect(
            diagnostics == [
                source.warning(
                    3, "NavigationLink",
                    "`NavigationLink` is not modelled: it is drawn as a placeholder and what is inside it still runs."),
                source.warning(
                    6, "Image", "`Image` is not modelled: it is drawn as a placeholder and what is inside it still runs."),
                source.warning(7, ".", "`.resizable` is not modelled here: it has no effect."),
            ])
    }

    @Test("A switch over a focus value in a view builder: several patterns, nil, payload bindings, default")
    func switchOverFocus() throws {
        let source = TestSource(
            """
            struct Hint: View {
                var body: some View {
                    switch focus {
                    case .email, .phone: Text("Contact")
                    case .row(let id), .row(id: let id): Text("Row")
                    case let .cell(row, _): Text("Cell")
                    case nil: Spacer()
                    default: Divider()
                    }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        let hint = try #require(try program.view("Hint").body.first)
        guard case .switchView(let subject, let cases) = hint.kind else {
            Issue.record("not a switch: \(hint.kind)")
            return
        }
        #expect(subject == .name("focus"))
        #expect(hint.span == source.at(3, "switch"))
        #expect(
            cases.map(\.patterns) == [
                [.value(.implicitMember("email")), .value(.implicitMember("phone"))],
                [.enumCase(name: "row", payload: [.binding("id")]), .enumCase(name: "row", payload: [.binding("id")])],
                [.enumCase(name: "cell", payload: [.binding("row"), .wildcard])],
                [.value(.nilLiteral)],
                [],
            ])
        #expect(cases.map(\.span) == (4...8).map { source.at($0, $0 == 8 ? "default" : "case") })
        #expect(cases.last?.body.first?.kind == .divider)
    }
}
