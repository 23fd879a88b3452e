import FocusCore
import SwiftUISource
import Testing

/// What the interpreter runs that the seed sources need: onChange and onDisappear, kept tasks,
/// computed properties and enum members, optional map, closures given to a view, and focus
/// passing through nil outside a transaction without animation.
@Suite("Interpreter extensions, run from source")
struct InterpreterExtensionTests {
    @Test("onChange(of:) and onDisappear are read with the closure's parameters and initial:")
    func readsOnChange() throws {
        let source = TestSource(
            """
            struct Sheet: View {
                @State private var name = ""
                var body: some View {
                    Text("Hi")
                        .onChange(of: name, initial: true) { old, new in log() }
                        .onDisappear { log() }
                }
            }
            """)
        let (program, diagnostics) = try source.read()
        let log = Statement(.expression(.call(.name("log"), [])), span: source.at(5, "log"))
        #expect(
            try program.view("Sheet").body.first?.modifiers == [
                ViewModifier(
                    .onChange(of: .name("name"), initial: true, parameters: ["old", "new"], action: [log]),
                    span: source.at(5, ".")),
                ViewModifier(
                    .onDisappear([Statement(.expression(.call(.name("log"), [])), span: source.at(6, "log"))]),
                    span: source.at(6, ".")),
            ])
        #expect(diagnostics.isEmpty)
    }

    @Test("onChange runs after an intent changed its value, with the old and new value; initial: true runs on appear")
    func onChangeRuns() throws {
        var form = try SourceRun(
            """
            struct Counter: View {
                @State private var count = 0
                @State private var log = ""
                var body: some View {
                    Form {
                        Button("Add") { count += 1 }
                        Button("Same") { count = count }
                    }
                    .onChange(of: count, initial: true) { old, new in log += "\\(old)>\\(new) " }
                }
            }
            """)
        #expect(form.value("log") == "\"0>0 \"")
        try form.tap("Add")
        #expect(form.value("log") == "\"0>0 0>1 \"")
        try form.tap("Same")
        #expect(form.value("log") == "\"0>0 0>1 \"")
    }

    @Test("A Task kept as a value can be cancelled: after its sleep, Task.isCancelled is true")
    func keptTaskCancels() throws {
        let source = """
            struct Later: View {
                @State private var job: Task<Void, Never>?
                @State private var result = ""
                var body: some View {
                    Form {
                        Button("Start") {
                            job = Task {
                                try? await Task.sleep(for: .seconds(1))
                                result = Task.isCancelled ? "cancelled" : "done"
                            }
                        }
                        Button("Cancel") { job?.cancel() }
                    }
                }
            }
            """
        var form = try SourceRun(source)
        try form.tap("Cancel")  // nothing to cancel yet: job is nil
        try form.tap("Start")
        #expect(form.value("job") == "Task #1" && form.timers.map(\.milliseconds) == [1000])
        try form.fireTimer()
        #expect(form.value("result") == "\"done\"")
        try form.tap("Start")
        try form.tap("Cancel")
        try form.fireTimer()
        #expect(form.value("job") == "Task #2" && form.value("result") == "\"cancelled\"")
    }

    @Test("Computed properties of a view and of an enum run, and an enum's methods run with self")
    func computedPropertiesAndEnumMembers() throws {
        var form = try SourceRun(
            """
            enum Slot: Hashable {
                case left(id: Int), right(id: Int)
                var number: Int {
                    switch self {
                    case .left(let id), .right(let id): return id
                    }
                }
                func mirrored() -> Slot {
                    switch self {
                    case .left: return .right(id: self.number)
                    case .right: return .left(id: number)
                    }
                }
            }

            struct Mirror: View {
                @State private var slot = Slot.left(id: 7)
                @State private var shown = ""
                var body: some View {
                    Button("Flip") { slot = slot.mirrored(); shown = summary }
                }
                private var summary: String { "\\(slot) \\(slot.number)" }
            }
            """)
        try form.tap("Flip")
        #expect(form.value("slot") == ".right(id: 7)" && form.value("shown") == "\"right(id: 7) 7\"")
        try form.tap("Flip")
        #expect(form.value("slot") == ".left(id: 7)")
    }

    @Test("Optional map and flatMap: nil stays nil, a value goes through a closure or a method named by reference")
    func optionalMap() throws {
        var form = try SourceRun(
            """
            struct Maps: View {
                @State private var number: Int? = nil
                @State private var text = ""
                var body: some View {
                    Form {
                        Button("Map") { text = "\\(number.map { $0 * 2 } ?? -1) \\(number.flatMap(half(of:)) ?? -1)" }
                        Button("Set") { number = 8 }
                    }
                }
                private func half(of value: Int) -> Int? { value % 2 == 0 ? value / 2 : nil }
            }
            """)
        try form.tap("Map")
        #expect(form.value("text") == "\"-1 -1\"")
        try form.tap("Set")
        try form.tap("Map")
        #expect(form.value("text") == "\"16 4\"")
    }

    @Test("A closure given to a component runs in the view that gave it, with that view's row")
    func componentClosure() throws {
        var form = try SourceRun(
            """
            struct Item: Identifiable {
                let id = UUID()
                var name: String
            }

            struct Row: View {
                let item: Item
                let onDelete: () -> Void
                var body: some View {
                    Button("Delete \\(item.name)", action: onDelete)
                }
            }

            struct Items: View {
                @State private var items = [Item(name: "a"), Item(name: "b")]
                var body: some View {
                    List {
                        ForEach(items) { item in
                            Row(item: item) { items.removeAll(where: { $0.id == item.id }) }
                        }
                    }
                }
            }
            """)
        try form.tap("Delete a")
        #expect(SourceRun.flat(form.drawn.content).compactMap(\.title) == ["Delete b"])
    }

    @Test("for-in runs over a string's characters; a let declared without a value takes one later; prefix +")
    func smallStatements() throws {
        var form = try SourceRun(
            """
            struct Digits: View {
                @State private var count = 0
                var body: some View {
                    Button("Count") { count = digits(in: "a1b22") }
                }
                private func digits(in text: String) -> Int {
                    var found = 0
                    for character in text where "0123456789".contains(character) { found += +1 }
                    let result: Int
                    if found > 0 { result = found } else { result = -1 }
                    return result
                }
            }
            """)
        try form.tap("Count")
        #expect(form.value("count") == "3")
    }

    @Test("Focus assigned from field to field passes through nil, except in a transaction without animation")
    func focusThroughNil() throws {
        var form = try SourceRun(
            """
            struct Pair: View {
                enum Field: Hashable { case a, b }
                @State private var a = ""
                @State private var b = ""
                @FocusState private var focus: Field?
                var body: some View {
                    Form {
                        TextField("A", text: $a).focused($focus, equals: .a)
                        TextField("B", text: $b).focused($focus, equals: .b)
                        Button("Plain") { focus = focus == .a ? .b : .a }
                        Button("Animated") { withAnimation { focus = focus == .a ? .b : .a } }
                        Button("Still") { withTransaction(Transaction(animation: nil)) { focus = focus == .a ? .b : .a } }
                    }
                }
            }
            """)
        try form.tap("Plain")
        #expect(form.focusPath == ["A"])  // from no field: one move
        try form.tap("Plain")
        #expect(form.focusPath == [nil, "B"])
        try form.tap("Animated")
        #expect(form.focusPath == [nil, "A"])
        try form.tap("Still")
        #expect(form.focusPath == ["B"])
    }

    @Test("onDisappear runs when another screen is shown; the keyboard bar's buttons work with nothing focused")
    func disappearAndKeyboardBar() throws {
        var form = try SourceRun(
            """
            struct First: View {
                @State private var left = false
                @State private var name = ""
                @FocusState private var focused: Bool
                var body: some View {
                    TextField("Name", text: $name)
                        .focused($focused)
                        .onDisappear { left = true }
                        .toolbar {
                            ToolbarItemGroup(placement: .keyboard) { Button("Go") { focused = true } }
                        }
                }
            }

            struct Second: View {
                var body: some View { Text("Second") }
            }
            """)
        try form.apply(.focus(try form.key("Name")))
        let go = try form.key("Go")
        try form.apply(.tap(nil))
        #expect(form.drawn.keyboardToolbar.isEmpty)
        try form.apply(.tap(go))
        #expect(form.value("focused") == "true")
        #expect(form.value("left") == "false")
        try form.apply(.show(screen: 1))
        try form.apply(.show(screen: 0))
        #expect(form.value("left") == "true")
    }
}
