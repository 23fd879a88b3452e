import FocusCore
import FocusProtocol
import Foundation
import Sessions
import SwiftUISource
import TestSupport
import Testing

/// A lesson followed in a session that runs its own source: every step is checked from what the
/// source does (its focus events, the screen it draws) and from edits of the source itself.
@Suite("Lessons on a session's own source")
struct SourceLessonTests {
    static let profile = seed("profile")
    static let checkout = seed("checkout")

    static func seed(_ name: String) -> String { example("seeds/\(name)") }

    /// The source of `Public/examples/<name>.swift`.
    static func example(_ name: String) -> String {
        try! String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Public/examples/\(name).swift"),
            encoding: .utf8)
    }
    static let transaction = """
                withTransaction(Transaction(animation: nil)) {
                    focus = field
                }
        """
    static let animated = profile.replacingOccurrences(of: transaction, with: "        focus = field")
    /// The four seed screens in one source, as a session made without a source runs them.
    static let seeds = ["profile", "checkout", "gift", "tasks"].map(seed).joined(separator: "\n")
    /// `seeds` with the profile form's move(to:) animated (the other screens keep their transactions).
    static let seedsAnimated = ([animated] + ["checkout", "gift", "tasks"].map(seed)).joined(separator: "\n")

    /// A session made with a seed's source (the profile form unless told), with one editor joined.
    static func session(_ source: String = profile) -> Harness {
        var harness = Harness(compile: SourceCompilation.compile, source: source)
        harness.join(1)
        return harness
    }

    static func key(_ title: String, in harness: Harness) throws -> FocusKey {
        let drawn = harness.machine.sessionSnapshot().program.drawn
        func find(_ views: [DrawnView]) -> FocusKey? {
            views.lazy.compactMap { $0.title == title ? $0.key : find($0.content) }.first
        }
        return try #require(find(drawn.content + drawn.keyboardToolbar), "no control titled \(title)")
    }

    /// The keys of every drawn control titled `title`, in draw order (one per row in a `ForEach`).
    static func keys(_ title: String, in harness: Harness) throws -> [FocusKey] {
        let drawn = harness.machine.sessionSnapshot().program.drawn
        func collect(_ views: [DrawnView]) -> [FocusKey] {
            views.flatMap { view in (view.title == title ? view.key.map { [$0] } ?? [] : []) + collect(view.content) }
        }
        return collect(drawn.content + drawn.keyboardToolbar)
    }

    /// The field that shows focus on the drawn screen.
    static func focused(in harness: Harness) -> FocusKey? {
        harness.machine.sessionSnapshot().program.drawn.focused
    }

    static func refusal(_ outputs: [SessionOutput]) -> ProtocolError? {
        outputs.lazy.compactMap { if case .send(.error(let error), _) = $0 { error } else { nil } }.first
    }

    @Test(
        "The profile lesson walks from its source: Return, the form's own Previous and Next, and editing move(to:); alone, and beside the other seed screens (whose code keeps its transactions)",
        arguments: [false, true])
    func profileLessonFromItsSource(besideTheOtherSeeds: Bool) throws {
        #expect(Self.animated != Self.profile, "the lesson's edit takes the transaction out")
        #expect(Self.seedsAnimated.contains("withTransaction"), "the other screens still use a transaction")
        let (original, animated) = besideTheOtherSeeds ? (Self.seeds, Self.seedsAnimated) : (Self.profile, Self.animated)
        var harness = Self.session(original)
        var seq = 0
        func send(_ action: IntentMessage.Action) {
            seq += 1
            harness.intent(1, seq: seq, "ProfileForm", action)
        }
        send(.lesson("profile-source", step: 0))
        #expect(harness.machine.lesson?.step == 0)
        let first = try Self.key("First Name", in: harness)
        #expect(first.description == ".firstName")

        send(.tap(first))
        #expect(harness.machine.lesson?.step == 1)
        send(.edit(first, "Ada"))
        send(.tap(try Self.key("Next", in: harness)))  // not Return: the hint shows
        #expect(harness.machine.lesson?.step == 1 && harness.machine.lesson?.hint == true)
        send(.tap(first))
        send(.submit)
        #expect(harness.machine.lesson?.step == 2 && harness.machine.lesson?.hint == false)
        send(.submit)
        #expect(harness.machine.lesson?.step == 3)
        send(.tap(try Self.key("Last Name", in: harness)))
        send(.tap(try Self.key("Previous", in: harness)))
        #expect(harness.machine.lesson?.step == 4)
        send(.tap(try Self.key("Next", in: harness)))
        #expect(harness.machine.lesson?.step == 5)

        harness.handle(.replaceSource(animated))
        #expect(harness.machine.lesson?.step == 6, "taking the transaction out of the code passes the step")
        send(.tap(first))
        send(.submit)
        #expect(harness.machine.lesson?.step == 7, "Return now passes through nil")
        harness.handle(.replaceSource(original))
        #expect(harness.machine.lesson?.step == 8)
        send(.tap(first))
        send(.submit)
        #expect(harness.machine.lesson?.complete == true)
    }

    @Test("The checkout lesson walks from its source: Return, Proceed, then Address bound to .name in the code and its symptoms")
    func checkoutLessonFromItsSource() throws {
        let addressBinding = """
            TextField("Address", text: $address)
                            .focused($focus, equals: .address)
            """
        let ambiguous = Self.checkout.replacingOccurrences(
            of: addressBinding, with: addressBinding.replacingOccurrences(of: ".address)", with: ".name)"))
        #expect(ambiguous != Self.checkout, "the lesson's edit binds Address to .name")
        var harness = Self.session(Self.checkout)
        var seq = 0
        func send(_ action: IntentMessage.Action) {
            seq += 1
            harness.intent(1, seq: seq, "CheckoutForm", action)
        }
        func step() -> Int? { harness.machine.lesson?.step }
        let name = try Self.key("Name", in: harness)
        send(.lesson("checkout-source", step: 0))
        #expect(step() == 0)
        send(.submit)  // Name is empty: the step wants a name typed first
        #expect(step() == 0)
        send(.tap(name))
        send(.edit(name, "Ada"))
        send(.submit)
        #expect(step() == 1)
        send(.submit)
        #expect(step() == 2)
        send(.tap(try Self.key("Proceed to Gift Message", in: harness)))
        #expect(step() == 3, "Address is empty, so Proceed focuses it")

        harness.handle(.replaceSource(ambiguous))
        #expect(step() == 4, "binding Address to .name warns")
        send(.tap(try Self.key("Name", in: harness)))
        send(.submit)
        #expect(step() == 5, "Return in Name asks for .address, which no field answers")
        send(.tap(try Self.key("Phone", in: harness)))
        send(.tap(try Self.key("Proceed to Gift Message", in: harness)))
        #expect(step() == 6, "Proceed asks for .address: focus leaves Phone for nil")
        send(.tap(try Self.key("Address", in: harness)))
        #expect(step() == 7, "the tapped Address field takes focus, and focus reads .name")

        harness.handle(.replaceSource(Self.checkout))
        #expect(step() == 8)
        send(.tap(try Self.key("Name", in: harness)))
        send(.submit)
        #expect(harness.machine.lesson?.complete == true)
    }

    @Test(
        "The gift lesson walks from its source in one session: Restart shows the task focus the message, Restart again and a tap beats it, rows by id, and Send"
    )
    func giftLessonFromItsSource() throws {
        var harness = Self.session(Self.seed("gift"))
        var seq = 0
        func send(_ action: IntentMessage.Action) {
            seq += 1
            harness.intent(1, seq: seq, "GiftMessageForm", action)
        }
        func step() -> Int? { harness.machine.lesson?.step }
        func hint() -> Bool? { harness.machine.lesson?.hint }
        harness.advance(by: 750)
        #expect(Self.focused(in: harness) == "message", "the form appeared as the session was made, long before the lesson")
        send(.lesson("gift-source", step: 0))
        #expect(step() == 0)

        send(.restart)
        #expect(step() == 0 && hint() == false, "a restart is neutral")
        #expect(Self.focused(in: harness) == nil, "the restart lets go of the message")
        send(.tap(try Self.key("Email", in: harness)))  // the hands were not kept off: a wrong move
        #expect(step() == 0 && hint() == true)
        harness.advance(by: 750)
        #expect(step() == 0 && Self.focused(in: harness) != "message", "the tap cancelled the task")
        send(.restart)
        #expect(step() == 0 && hint() == true, "the hint shows until the step passes")
        harness.advance(by: 700)
        #expect(step() == 0 && Self.focused(in: harness) == nil, "the task is still asleep")
        harness.advance(by: 50)
        #expect(step() == 1 && hint() == false && Self.focused(in: harness) == "message", "the task woke and focused the message")

        send(.tap(try Self.key("Email", in: harness)))  // too late: focus leaves the message, not nil
        #expect(step() == 1 && hint() == true)
        send(.restart)
        #expect(step() == 1 && Self.focused(in: harness) == nil)
        harness.advance(by: 750)
        #expect(step() == 1 && Self.focused(in: harness) == "message", "the timer beat a tap that never came: still step 1")
        send(.restart)
        harness.advance(by: 300)
        let first = try Self.key("Email", in: harness)
        send(.tap(first))
        #expect(step() == 2 && hint() == false, "the tap 0.3 s after the restart beat the task")
        harness.advance(by: 750)
        #expect(step() == 2 && Self.focused(in: harness) == first, "the cancelled task woke and left focus alone")

        send(.tap(try Self.key("Add new email", in: harness)))
        let emails = try Self.keys("Email", in: harness)
        #expect(step() == 3 && emails.count == 2 && Self.focused(in: harness) == emails[1])
        send(.tap(emails[0]))
        send(.submit)
        #expect(step() == 4 && Self.focused(in: harness) == emails[1])
        send(.submit)
        #expect(step() == 5 && Self.focused(in: harness) == nil)
        let sendTheGift = try Self.key("Send the Gift", in: harness)
        send(.tap(sendTheGift))
        #expect(step() == 6 && Self.focused(in: harness) == "message", "the empty message is checked first")
        send(.edit("message", "Happy birthday!"))
        send(.tap(sendTheGift))
        #expect(step() == 7 && Self.focused(in: harness) == emails[0], "the first email is empty")
        send(.edit(emails[0], "ada@example.com"))
        send(.tap(sendTheGift))
        #expect(step() == 7 && harness.machine.lesson?.hint == true, "the second email is still empty")
        #expect(Self.focused(in: harness) == emails[1])
        send(.edit(emails[1], "grace@example.org"))
        send(.tap(sendTheGift))
        #expect(Self.focused(in: harness) == nil)
        #expect(harness.machine.lesson?.complete == true)
    }

    @Test(
        "The tasks lesson walks from its source: the focused row opens, Return, New Reminder, and delete with and without an heir"
    )
    func tasksLessonFromItsSource() throws {
        let tasks = Self.seed("tasks")
        let withoutHeir = tasks.replacingOccurrences(
            of: "        move(to: heir.map { field.onRow(reminders[$0].id) })\n", with: "")
        #expect(withoutHeir != tasks, "the lesson's edit takes the hand-over to the heir out")
        var harness = Self.session(tasks)
        var seq = 0
        func send(_ action: IntentMessage.Action) {
            seq += 1
            harness.intent(1, seq: seq, "ReminderList", action)
        }
        func step() -> Int? { harness.machine.lesson?.step }
        func focused() -> FocusKey? { Self.focused(in: harness) }
        var titles = try Self.keys("Title", in: harness)
        #expect(titles.count == 3)
        #expect(try Self.keys("Notes", in: harness).isEmpty, "no row has focus, so none draws its notes")
        send(.lesson("tasks-source", step: 0))
        #expect(step() == 0)

        send(.tap(titles[0]))
        #expect(step() == 1)
        #expect(try Self.keys("Notes", in: harness).count == 1, "the focused row draws its notes")
        #expect(try Self.keys("Add Date", in: harness).count == 1)
        send(.submit)
        #expect(step() == 2 && focused()?.focusCase == "notes" && focused()?.rowID == titles[0].rowID)
        send(.tap(titles[0]))
        send(.submit)  // Return in the title again, not in the notes: the hint shows
        #expect(step() == 2 && harness.machine.lesson?.hint == true)
        send(.submit)
        #expect(step() == 3 && harness.machine.lesson?.hint == false && focused() == titles[1])
        send(.submit)
        send(.submit)
        #expect(step() == 3 && focused() == titles[2], "Return along the rows is neutral until the last notes")
        send(.submit)
        send(.submit)
        #expect(step() == 4 && focused() == nil)
        #expect(try Self.keys("Notes", in: harness).isEmpty, "no row has focus, so none draws its notes")

        send(.tap(try Self.key("New Reminder", in: harness)))
        titles = try Self.keys("Title", in: harness)
        #expect(step() == 5 && titles.count == 4 && focused() == titles[3])
        send(.tap(titles[0]))
        send(.submit)
        send(.tap(try Self.keys("Delete", in: harness)[0]))
        #expect(step() == 6 && focused()?.focusCase == "notes" && focused()?.rowID == titles[1].rowID)

        harness.handle(.replaceSource(withoutHeir))
        #expect(step() == 7, "taking the hand-over out of the code passes the step")
        send(.tap(try Self.keys("Delete", in: harness)[0]))
        #expect(step() == 8 && focused() == nil, "the focused row went, and focus with it")
        harness.handle(.replaceSource(tasks))
        #expect(step() == 9)
        titles = try Self.keys("Title", in: harness)
        #expect(titles.count == 2)
        send(.tap(titles[1]))
        send(.submit)
        send(.tap(try Self.keys("Delete", in: harness)[1]))
        #expect(focused()?.focusCase == "notes" && focused()?.rowID == titles[0].rowID, "the row before is the heir")
        #expect(step() == 10 && harness.machine.lesson?.complete == false)
        send(.tap(titles[0]))  // another field, not letting go: the hint shows
        #expect(step() == 10 && harness.machine.lesson?.hint == true)
        send(.dismiss)  // the keyboard's dismiss key
        #expect(focused() == nil && harness.machine.lesson?.complete == true)
    }

    @Test("A lesson needs its screen: one on a screen the program lacks is refused, naming the example to open")
    func lessonsNeedTheirScreen() throws {
        let text = try String(contentsOf: ServerProcess.examplesFolder.appendingPathComponent("login.swift"), encoding: .utf8)
        var login = Harness(source: text)
        login.join(1)
        let screen = login.machine.sessionSnapshot().screen
        let refused = Self.refusal(login.intent(1, seq: 1, screen, .lesson("profile-source", step: 0)))
        #expect(refused?.code == .unknownLesson && refused?.message.contains("open the example seeds/profile") == true)
        #expect(login.machine.lesson == nil)

        var source = Self.session()
        let other = Self.refusal(source.intent(1, seq: 1, "ProfileForm", .lesson("profile-keyboard", step: 0)))
        #expect(other?.code == .unknownLesson && other?.message.contains("profile") == true)
        #expect(source.machine.lesson == nil)
    }
}
