import FocusCore
import SwiftUISource
import Testing

/// The modifiers on a view: focus, submission, the keyboard's toolbar, appearing, presentation.
@Suite("Reading modifiers")
struct ModifierReadingTests {
    @Test("A keyboard toolbar with Previous, Next and Done, the first two disabled at the ends")
    func keyboardToolbar() throws {
        let source = TestSource(
            """
            struct Profile: View {
                var body: some View {
                    Form { }
                        .toolbar {
                            ToolbarItemGroup(placement: .keyboard) {
                                Button("Previous") { previous() }
                                    .disabled(focus == .first)
                                Button("Next") { next() }.disabled(focus == .last)
                                Spacer()
                                Button("Done") { focus = nil }
                            }
                            ToolbarItem(placement: .confirmationAction) { Button("Save", action: save) }
                        }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        let form = try #require(try program.view("Profile").body.first)
        guard case .toolbar(let groups) = try #require(form.modifiers.first).kind else {
            Issue.record("\(form.modifiers)")
            return
        }
        #expect(form.modifiers.first?.span == source.at(4, ".toolbar"))
        #expect(groups.map(\.placement) == ["keyboard", "confirmationAction"])
        #expect(groups.map(\.span) == [source.at(5, "ToolbarItemGroup"), source.at(12, "ToolbarItem")])
        let keyboard = try #require(groups.first).content
        #expect(
            keyboard.first
                == ViewNode(
                    .button(
                        ButtonView(
                            title: .string("Previous"),
                            action: [Statement(.expression(.call(.name("previous"), [])), span: source.at(6, "previous"))])),
                    modifiers: [
                        ViewModifier(
                            .disabled(.infix("==", .name("focus"), .implicitMember("first"))), span: source.at(7, ".disabled"))
                    ],
                    span: source.at(6, "Button")))
        #expect(keyboard[1].modifiers.map(\.span) == [source.at(8, ".disabled")])
        #expect(
            keyboard.map(\.span) == [
                source.at(6, "Button"), source.at(8, "Button"), source.at(9, "Spacer"), source.at(10, "Button"),
            ])
        #expect(
            keyboard[3].kind
                == .button(
                    ButtonView(
                        title: .string("Done"),
                        action: [
                            Statement(
                                .assign(target: .name("focus"), operator: "=", value: .nilLiteral), span: source.at(10, "focus"))
                        ])))
    }

    @Test("A search with a Bool focus state: focused($flag), onSubmit(of: .search), defaultFocus, keyboard and content types")
    func searchWithBoolFocus() throws {
        let source = TestSource(
            """
            struct Search: View {
                @FocusState private var isSearching: Bool
                @State private var query = ""
                var body: some View {
                    VStack {
                        TextField("Search", text: $query)
                            .focused($isSearching)
                            .onSubmit(of: .search) { run() }
                            .keyboardType(.webSearch)
                            .textContentType(.none)
                            .padding()
                            .textInputAutocapitalization(.never)
                    }
                    .defaultFocus($isSearching, true)
                    .onAppear { isSearching = true }
                    .task { await load() }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(diagnostics.isEmpty)
        let search = try program.view("Search")
        #expect(search.properties.first?.type == .named("Bool"))
        #expect(search.properties.first?.wrapper == .focusState)
        let stack = try #require(search.body.first)
        #expect(
            stack.modifiers == [
                ViewModifier(.defaultFocus(binding: .name("isSearching"), value: .boolean(true)), span: source.at(14, ".")),
                ViewModifier(
                    .onAppear([
                        Statement(
                            .assign(target: .name("isSearching"), operator: "=", value: .boolean(true)),
                            span: source.at(15, "isSearching"))
                    ]), span: source.at(15, ".")),
                ViewModifier(
                    .task([Statement(.expression(.call(.name("load"), [])), span: source.at(16, "await"))]),
                    span: source.at(16, ".")),
            ])
        let field = try #require(stack.children.first)
        #expect(
            field.modifiers.map(\.kind) == [
                .focused(binding: .name("isSearching"), equals: nil),
                .onSubmit(
                    triggers: "search", action: [Statement(.expression(.call(.name("run"), [])), span: source.at(8, "run"))]),
                .keyboardType("webSearch"), .textContentType("none"), .presentation("padding"),
                .presentation("textInputAutocapitalization"),
            ])
        #expect(field.modifiers.map(\.span) == (7...12).map { source.at($0, ".") })
    }

    @Test("Several focus states in one view, each field bound to its own")
    func severalFocusStates() throws {
        let source = TestSource(
            """
            struct Checkout: View {
                enum Address: Hashable { case street, city }
                enum Card: Hashable { case number, expiry }
                @FocusState private var addressFocus: Address?
                @FocusState private var cardFocus: Card?
                @FocusState private var couponFocused: Bool
                var body: some View {
                    Form {
                        TextField("Street", text: $street).focused($addressFocus, equals: .street)
                        TextField("Card", text: $card).focused($cardFocus, equals: Card.number)
                        TextField("Coupon", text: $coupon).focused($couponFocused)
                    }
                }
            }
            """)
        let (program, _) = try source.read()
        let checkout = try program.view("Checkout")
        #expect(checkout.properties.map(\.wrapper) == [.focusState, .focusState, .focusState])
        #expect(
            checkout.properties.map(\.type) == [
                .optional(.named("Address")), .optional(.named("Card")), .named("Bool"),
            ])
        #expect(program.enums.map(\.name) == ["Checkout.Address", "Checkout.Card"])
        let fields = try #require(checkout.body.first?.children)
        #expect(
            fields.flatMap { $0.modifiers.map(\.kind) } == [
                .focused(binding: .name("addressFocus"), equals: .implicitMember("street")),
                .focused(binding: .name("cardFocus"), equals: .member(.name("Card"), "number")),
                .focused(binding: .name("couponFocused"), equals: nil),
            ])
    }

    @Test("An unknown modifier is kept by name with a warning at its dot")
    func unknownModifier() throws {
        let source = TestSource(
            """
            struct Sheet: View {
                var body: some View {
                    Text("Hi")
                        .bold()
                        .onHover { hovering in log() }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        #expect(
            try program.view("Sheet").body.first?.modifiers == [
                ViewModifier(.presentation("bold"), span: source.at(4, ".")),
                ViewModifier(.unmodelled("onHover"), span: source.at(5, ".")),
            ])
        #expect(diagnostics == [source.warning(5, ".", "`.onHover` is not modelled here: it has no effect.")])
    }
}
