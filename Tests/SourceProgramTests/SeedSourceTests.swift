import FocusCore
import Foundation
import SwiftUISource
import Testing

/// The four built-in screens written as ordinary sources (`Public/examples/seeds/`), run as any
/// session's source runs: each behaviour the built-in screen has, played through the source.
@Suite("Seed screens as sources")
struct SeedSourceTests {
    static let seeds = ["profile", "profile-animated", "checkout", "checkout-ambiguous", "gift", "tasks"]

    @Test("Every seed source compiles without errors, with only the warnings it is meant to have", arguments: seeds)
    func compiles(_ name: String) throws {
        let form = try ExampleForm("seeds/" + name)
        #expect(!form.compiled.diagnostics.contains { $0.severity == .error })
        let onAppear =
            "focus set in onAppear may be dropped: SwiftUI can apply it before the view is on screen; "
            + "use `.defaultFocus($focus, …)` or set it after a short delay"
        let twice = "Two fields are bound to `.name` of `focus` (lines 19, 23): setting it focuses only the last one drawn"
        let expected: [String] =
            switch name {
            case "checkout": ["\(try form.line(of: "focus = .name }")): \(onAppear)"]
            case "checkout-ambiguous":
                [
                    "4: no field is bound to `.address` of `focus`: setting it leaves no field focused (SwiftUI makes it nil)",
                    "19: \(twice)", "23: \(twice)", "\(try form.line(of: "focus = .name }")): \(onAppear)",
                ]
            default: []
            }
        #expect(form.warnings == expected)
    }

    // MARK: Profile

    @Test("Profile: Return walks First Name → Last Name → nil, straight from field to field")
    func profileReturnChain() throws {
        var form = try ExampleForm("seeds/profile")
        #expect(form.focusedTitle == nil)
        try form.tap("First Name")
        try form.type("Ada", into: "First Name")
        try form.submit()
        #expect(form.focusedTitle == "Last Name" && form.focusPath == ["Last Name"])
        #expect(form.value("focus") == ".lastName")
        try form.submit()
        #expect(form.focusedTitle == nil && form.value("focus") == "nil" && form.value("firstName") == "\"Ada\"")
    }

    @Test("Profile: Previous and Next move between the fields without focus passing through nil")
    func profileToolbarSteps() throws {
        var form = try ExampleForm("seeds/profile")
        try form.tap("First Name")
        try form.tap("Next")
        #expect(form.focusedTitle == "Last Name" && form.focusPath == ["Last Name"])
        #expect(form.lastFocusLine == (try form.line(of: "focus = field")))
        try form.tap("Next")  // past the end: nothing moves
        #expect(form.focusedTitle == "Last Name" && form.focusPath.isEmpty)
        try form.tap("Previous")
        #expect(form.focusedTitle == "First Name" && form.focusPath == ["First Name"])
    }

    @Test("Profile: with nothing focused, Next enters at First Name and Previous at Last Name")
    func profileToolbarEntersAtEitherEnd() throws {
        var form = try ExampleForm("seeds/profile")
        try form.tap("First Name")
        let next = try form.key("Next")
        let previous = try form.key("Previous")
        try form.apply(.tap(nil))
        #expect(form.focusedTitle == nil && form.drawn.keyboardToolbar.isEmpty)
        try form.apply(.tap(next))
        #expect(form.focusedTitle == "First Name" && form.focusPath == ["First Name"])
        try form.apply(.tap(nil))
        try form.apply(.tap(previous))
        #expect(form.focusedTitle == "Last Name" && form.focusPath == ["Last Name"])
    }

    @Test("Profile, animated: the same moves without withTransaction pass through nil on their way")
    func profileAnimatedPassesThroughNil() throws {
        var form = try ExampleForm("seeds/profile-animated")
        try form.tap("First Name")
        try form.tap("Next")
        #expect(form.focusedTitle == "Last Name" && form.focusPath == ["nil", "Last Name"])
        try form.tap("Previous")
        #expect(form.focusPath == ["nil", "First Name"])
        try form.submit()
        #expect(form.focusedTitle == "Last Name" && form.focusPath == ["nil", "Last Name"])
        try form.submit()
        #expect(form.focusedTitle == nil && form.focusPath == ["nil"])
    }

    // MARK: Checkout

    @Test("Checkout: Name has focus when the form appears")
    func checkoutFocusesNameOnAppear() throws {
        let form = try ExampleForm("seeds/checkout")
        #expect(form.focusedTitle == "Name" && form.value("focus") == ".name")
        #expect(form.lastFocusLine == (try form.line(of: "focus = .name }")))
    }

    @Test("Checkout: Return walks Name → Address → Phone → nil")
    func checkoutReturnChain() throws {
        var form = try ExampleForm("seeds/checkout")
        var path: [String] = []
        for _ in 0..<3 {
            try form.submit()
            path += form.focusPath
        }
        #expect(path == ["Address", "Phone", "nil"] && form.focusedTitle == nil)
    }

    @Test("Checkout: Proceed focuses the first field to fix (required, too long, not a phone number), else lets go")
    func checkoutProceedFocusesFirstInvalidField() throws {
        var form = try ExampleForm("seeds/checkout")
        let steps: [(field: String, text: String, focused: String?)] = [
            ("Name", "   ", "Name"),
            ("Name", String(repeating: "a", count: 101), "Name"),
            ("Name", "Ada Lovelace", "Address"),
            ("Address", String(repeating: "b", count: 201), "Address"),
            ("Address", "12 St James's Square", "Phone"),
            ("Phone", "12 34", "Phone"),
            ("Phone", "44+20 7946 0000", "Phone"),
            ("Phone", "((020)) 7946 0000", "Phone"),
            ("Phone", "+44 (20) 7946 000x", "Phone"),
            ("Phone", "1234567890123456", "Phone"),
            ("Phone", "+44 (20) 7946-0000", nil),
        ]
        for step in steps {
            try form.type(step.text, into: step.field)
            try form.tap("Proceed to Gift Message")
            #expect(form.focusedTitle == step.focused, "after \(step.field) = \(step.text)")
        }
    }

    @Test("Checkout, Address bound to .name as well: setting .name focuses Address, the last field bound to it")
    func ambiguousAssignmentFocusesTheLastField() throws {
        let form = try ExampleForm("seeds/checkout-ambiguous")
        #expect(form.focusedTitle == "Address" && form.value("focus") == ".name")
    }

    @Test("Checkout, Address bound to .name as well: a tap on Name focuses Name")
    func ambiguousTapFocusesName() throws {
        var form = try ExampleForm("seeds/checkout-ambiguous")
        try form.tap("Name")
        #expect(form.focusedTitle == "Name" && form.value("focus") == ".name")
    }

    @Test("Checkout, Address bound to .name as well: Return in Name lets go instead of moving to Address")
    func ambiguousReturnLetsGo() throws {
        var form = try ExampleForm("seeds/checkout-ambiguous")
        try form.tap("Name")
        try form.type("Ada", into: "Name")
        try form.submit()
        #expect(form.focusedTitle == nil && form.value("focus") == "nil" && form.focusPath == ["nil"])
        #expect(form.lastFocusLine == (try form.line(of: "            focus = field")))
    }

    // MARK: Gift

    @Test("Gift: the message editor takes focus 0.75 s after the screen appears")
    func giftFocusesTheMessageLater() throws {
        var form = try ExampleForm("seeds/gift")
        #expect(form.focusedTitle == nil && form.timers.map(\.milliseconds) == [750])
        try form.fireTimer()
        #expect(form.drawn.focused == (try form.key(of: .textEditor)) && form.value("focus") == ".message")
        try form.submit()  // Return in an editor is a new line
        #expect(form.value("message") == "\"\\n\"" && form.value("focus") == ".message")
    }

    @Test("Gift: focus moved before 0.75 s cancels the message's focus")
    func giftFocusMovedFirstCancels() throws {
        var form = try ExampleForm("seeds/gift")
        try form.tap("Email")
        #expect(form.value("autoFocus") == "Task #1")
        try form.fireTimer()
        #expect(form.focusedTitle == "Email" && form.focusPath.isEmpty && form.value("focus")?.hasPrefix(".row") == true)
    }

    @Test("Gift: Add appends an email row with its own id and focuses it")
    func giftAddFocusesTheNewRow() throws {
        var form = try ExampleForm("seeds/gift")
        try form.tap("Add new email")
        let emails = form.keys("Email")
        #expect(emails.count == 2 && emails[0].rowID != nil && emails[1].rowID != nil && emails[0] != emails[1])
        #expect(form.drawn.focused == emails[1] && form.focusPath == ["Email"])
        #expect(form.value("focus")?.hasPrefix(".row(id: ") == true)
    }

    @Test("Gift: Return moves to the next email and lets go after the last")
    func giftReturnWalksTheEmails() throws {
        var form = try ExampleForm("seeds/gift")
        try form.tap("Add new email")
        try form.tap("Add new email")
        let emails = form.keys("Email")
        try form.apply(.tap(emails[0]))
        try form.submit()
        #expect(form.drawn.focused == emails[1])
        try form.submit()
        #expect(form.drawn.focused == emails[2])
        try form.submit()
        #expect(form.drawn.focused == nil && form.value("focus") == "nil")
    }

    @Test("Gift: Send focuses the message when it is blank, else the first bad email, else lets go")
    func giftSendFocusesWhatToFix() throws {
        var form = try ExampleForm("seeds/gift")
        try form.tap("Add new email")
        let emails = form.keys("Email")
        let editor = try form.key(of: .textEditor)
        try form.tap("Send the Gift")
        #expect(form.drawn.focused == editor)
        try form.apply(.edit(editor, String(repeating: "x", count: 501)))
        try form.tap("Send the Gift")
        #expect(form.drawn.focused == editor)
        try form.apply(.edit(editor, "Happy birthday!"))
        try form.apply(.edit(emails[0], "ada@example.com"))
        let checks: [(email: String, valid: Bool)] = [
            ("grace", false), ("grace@", false), ("@example.com", false), ("grace@example", false),
            ("grace@@example.com", false), (".grace@example.com", false), ("gr..ace@example.com", false),
            ("grace@-example.com", false), ("grace@example.c0m", false), ("grace@example.c", false),
            ("grace hopper@example.com", false), ("grace+navy@mail.example.org", true), ("o'neil@example.co", true),
        ]
        for check in checks {
            try form.apply(.edit(emails[1], check.email))
            try form.tap("Send the Gift")
            #expect(form.drawn.focused == (check.valid ? nil : emails[1]), "\(check.email)")
        }
    }

    // MARK: Tasks

    @Test("Tasks: rows keyed by id; the focused row reveals its notes field and Add Date / Add Location")
    func tasksFocusedRowReveals() throws {
        var form = try ExampleForm("seeds/tasks")
        let titles = form.keys("Title")
        #expect(titles.count == 3 && Set(titles.compactMap(\.rowID)).count == 3)
        #expect(form.keys("Notes").isEmpty && form.view("Add Date") == nil)
        #expect(form.drawn.allViews.filter { $0.kind == .text && $0.markdown }.count == 3)
        try form.apply(.tap(titles[1]))
        let notes = form.keys("Notes")
        #expect(notes.count == 1 && notes.first?.rowID == titles[1].rowID)
        #expect(form.keys("Add Date").count == 1 && form.keys("Add Location").count == 1)
        #expect(form.drawn.allViews.filter { $0.kind == .text && $0.markdown }.count == 2)
        try form.tap("Add Date")
        try form.tap("Add Location")
        let text = try form.interpreter.text(of: notes[0], in: form.run)
        #expect(text == "Ask about a [Saturday slot](https://example.com/dentist) Due today At home")
        #expect(form.drawn.focused == titles[1])
    }

    @Test("Tasks: Return moves title → notes → next title, and lets go after the last notes")
    func tasksReturnChain() throws {
        var form = try ExampleForm("seeds/tasks")
        let titles = form.keys("Title")
        try form.apply(.tap(titles[1]))
        try form.submit()
        #expect(form.focusedTitle == "Notes" && form.drawn.focused?.rowID == titles[1].rowID)
        try form.submit()
        #expect(form.drawn.focused == titles[2] && form.keys("Notes").first?.rowID == titles[2].rowID)
        try form.submit()
        try form.submit()
        #expect(form.drawn.focused == nil && form.keys("Notes").isEmpty)
    }

    @Test("Tasks: deleting the focused row moves focus to the row taking its place, or the one before")
    func tasksDeleteMovesFocus() throws {
        var form = try ExampleForm("seeds/tasks")
        var titles = form.keys("Title")
        try form.apply(.tap(titles[0]))
        try form.submit()  // into the notes of the first
        try form.apply(.tap(form.keys("Delete")[0]))
        #expect(form.keys("Title") == Array(titles.dropFirst()))
        #expect(form.focusedTitle == "Notes" && form.drawn.focused?.rowID == titles[1].rowID)
        titles = form.keys("Title")
        try form.apply(.tap(titles[1]))
        try form.apply(.tap(form.keys("Delete")[1]))
        #expect(form.drawn.focused == titles[0] && form.keys("Title") == [titles[0]])
        try form.apply(.tap(form.keys("Delete")[0]))
        #expect(form.drawn.focused == nil && form.keys("Title").isEmpty)
        try form.tap("New Reminder")
        #expect(form.keys("Title").count == 1 && form.drawn.focused == form.keys("Title").first)
    }
}
