import FocusCore
import SwiftUISource
import Testing

/// Where the source's own views are used, and the smaller forms around lists and texts.
@Suite("Reading uses of views")
struct ViewUseReadingTests {
    @Test("A view used only as a NavigationLink destination is a component; EmptyView draws an empty group")
    func destinationIsComponent() throws {
        let source = TestSource(
            """
            struct Detail: View {
                @FocusState.Binding var focus: Field?
                var body: some View { EmptyView() }
            }
            struct Home: View {
                var body: some View {
                    NavigationLink(destination: Detail(focus: $focus)) { Text("Open") }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(program.screens.map(\.name) == ["Home"])
        #expect(program.components.map(\.name) == ["Detail"])
        let detail = try program.view("Detail")
        #expect(
            detail.properties == [
                ViewProperty(
                    name: "focus", wrapper: .focusBinding, type: .optional(.named("Field")), initial: nil,
                    span: source.at(2, "@FocusState"))
            ])
        #expect(detail.body == [ViewNode(.container(.group, title: nil, content: []), span: source.at(3, "EmptyView"))])
        let link = try #require(try program.view("Home").body.first)
        #expect(
            link.kind
                == .unmodelled(
                    name: "NavigationLink",
                    content: [
                        ViewNode(
                            .component(name: "Detail", arguments: [Argument(label: "focus", value: .binding("focus"))]),
                            span: source.at(7, "Detail")),
                        ViewNode(.text(.string("Open"), markdown: false), span: source.at(7, "Text")),
                    ]))
        #expect(diagnostics.map(\.line) == [7])
    }

    @Test("List over data reads as a List holding a ForEach; nested views are qualified and found by their short name")
    func listOverData() throws {
        let source = TestSource(
            """
            struct Inbox: View {
                struct Row: View {
                    let title: String
                    var body: some View { Text(title) }
                }
                var body: some View {
                    List($messages) { $message in
                        Row(title: message.subject)
                    }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        #expect(program.screens.map(\.name) == ["Inbox"])
        #expect(program.components.map(\.name) == ["Inbox.Row"])
        let list = try #require(try program.view("Inbox").body.first)
        #expect(
            list
                == ViewNode(
                    .container(
                        .list, title: nil,
                        content: [
                            ViewNode(
                                .forEach(
                                    ForEachView(
                                        collection: .name("messages"), overBinding: true, element: "message",
                                        content: [
                                            ViewNode(
                                                .component(
                                                    name: "Inbox.Row",
                                                    arguments: [
                                                        Argument(label: "title", value: .member(.name("message"), "subject"))
                                                    ]),
                                                span: source.at(8, "Row"))
                                        ])), span: source.at(7, "List"))
                        ]),
                    span: source.at(7, "List")))
    }

    @Test(
        "Markdown in a literal needs a pair of markers or a link",
        arguments: [
            ("Required*", false), ("*Required*", true), ("Use `code` here", true), ("See [terms](https://x.y)", true),
            ("Plain text", false), ("Tap ~~old~~ new", true),
        ])
    func markdownDetection(text: String, markdown: Bool) throws {
        let source = TestSource("struct Note: View { var body: some View { Text(\"\(text)\") } }")
        let (program, _) = try source.read()
        #expect(try program.view("Note").body.first?.kind == .text(.string(text), markdown: markdown))
    }

    @Test("Warnings come in source order, each at its own line and column")
    func warningsInOrder() throws {
        let source = TestSource(
            """
            struct Mixed: View {
                @Environment(\\.dismiss) private var dismiss
                var body: some View {
                    VStack {
                        Picker("Size", selection: $size) { Text("S") }
                        Text("x").onHover { inside in hovering = inside }
                    }
                }
                init(size: Int) { print(size) }
            }
            class Store {}
            """)
        let (program, diagnostics) = try source.read()
        #expect(try program.view("Mixed").properties.map(\.wrapper) == [.plain])
        #expect(
            diagnostics == [
                source.warning(2, "@Environment", "`@Environment` is not modelled: the property reads as a plain one."),
                source.warning(
                    5, "Picker", "`Picker` is not modelled: it is drawn as a placeholder and what is inside it still runs."),
                source.warning(6, ".onHover", "`.onHover` is not modelled here: it has no effect."),
                source.warning(
                    9, "init", "A view's own `init` is not modelled: the view is made memberwise from its properties."),
                source.warning(11, "class", "This top-level code is not modelled: it is left out."),
            ])
    }
}
