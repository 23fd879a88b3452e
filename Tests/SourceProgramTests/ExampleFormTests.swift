import FocusCore
import Foundation
import SwiftUISource
import Testing

/// Every example form of `Public/examples/`, read by the Swift parser and run by the
/// interpreter, played as a person would: each test checks what SwiftUI would do.
@Suite("Example forms, from their sources")
struct ExampleFormTests {
    @Test("Login: Return walks username → password, and Sign In focuses the first empty field")
    func login() throws {
        var form = try ExampleForm("login")
        try form.tap("Username")
        #expect(form.focusedTitle == "Username")
        try form.type("ada", into: "Username")
        try form.submit()
        #expect(form.focusedTitle == "Password")
        #expect(form.lastFocusLine == (try form.line(of: "onSubmit { focusedField = .password }")))
        try form.tap("Sign In")
        #expect(form.focusedTitle == "Password")
        try form.type("secret", into: "Password")
        try form.submit()
        #expect(form.focusedTitle == nil)
        #expect(form.value("signedIn") == "true")
        #expect(form.view("Welcome, ada!") != nil)
    }

    @Test("Sign-up: Create Account focuses the first field its checks refuse and says why")
    func signUp() throws {
        var form = try ExampleForm("sign-up")
        try form.type("Ada", into: "Name")
        try form.type("ada.example.com", into: "Email")
        try form.tap("Create Account")
        #expect(form.focusedTitle == "Email")
        #expect(form.view("That email address is missing its @ or its domain.") != nil)
        try form.type("ada@example.com", into: "Email")
        try form.type("longenough", into: "Password")
        try form.type("different", into: "Repeat password")
        try form.tap("Create Account")
        #expect(form.focusedTitle == "Repeat password")
        try form.submit()
        #expect(form.focusedTitle == nil, "Return after the last field lets go: Field(rawValue: 4) is nil")
    }

    @Test("Search: a Bool focus state; Cancel shows only while the field has focus")
    func search() throws {
        var form = try ExampleForm("search")
        #expect(form.view("Cancel") == nil)
        try form.tap("Find something")
        #expect(form.focusedTitle == "Search")
        #expect(form.value("isSearching") == "true")
        #expect(form.view("Cancel") != nil)
        try form.type("tea", into: "Search")
        try form.submit()
        #expect(form.focusedTitle == nil)
        #expect(form.view("Results for tea") != nil)
    }

    @Test("Two focus states: each is nil or false while focus is in a field of the other")
    func twoFocusStates() throws {
        var form = try ExampleForm("two-focus-states")
        try form.tap("Street")
        try form.submit()
        #expect(form.focusedTitle == "City")
        try form.submit()
        #expect(form.focusedTitle == "Note")
        #expect(form.value("writingNote") == "true")
        #expect(form.value("line") == "nil")
        try form.tap("Done")
        #expect(form.focusedTitle == nil)
    }

    @Test("defaultFocus puts focus in the amount when the screen appears")
    func defaultFocus() throws {
        let form = try ExampleForm("default-focus")
        #expect(form.focusedTitle == "Amount")
    }

    @Test("Delayed focus: Task.sleep focuses the code after 0.5 s; Resend again after a second")
    func delayedFocus() throws {
        var form = try ExampleForm("delayed-focus")
        #expect(form.focusedTitle == nil)
        #expect(form.timers.map(\.milliseconds) == [500])
        try form.fireTimer()
        #expect(form.focusedTitle == "Code")
        try form.tap("Resend")
        #expect(form.focusedTitle == nil)
        #expect(form.timers.map(\.milliseconds) == [1000])
        try form.fireTimer()
        #expect(form.focusedTitle == "Code")
        #expect(form.lastFocusLine == (try form.line(of: "DispatchQueue.main.asyncAfter") + 1))
    }

    @Test("Insert after: Return in an item inserts a new one right after it and focuses it")
    func insertAfter() throws {
        var form = try ExampleForm("insert-after")
        let fields = form.drawn.allViews.filter { $0.kind == .textField }
        #expect(fields.map(\.value) == ["Passport", "Charger"])
        let passport: ControlKey = try #require(fields.first?.key)
        try form.apply(.tap(passport))
        try form.submit()
        let after = form.drawn.allViews.filter { $0.kind == .textField }
        #expect(after.map(\.value) == ["Passport", "", "Charger"])
        #expect(form.drawn.focused == after[1].key)
    }

    @Test("A child view's FocusState.Binding moves the parent's focus")
    func childBinding() throws {
        var form = try ExampleForm("child-binding")
        try form.tap("Name")
        try form.submit()
        #expect(form.focusedTitle == "Phone")
        #expect(form.value("focus") == ".phone")
        try form.submit()
        #expect(form.focusedTitle == "Email")
        #expect(form.view("Email")?.submitLabel == "done")
        try form.submit()
        #expect(form.focusedTitle == nil)
    }

    @Test("Keyboard toolbar: Previous is disabled on the first field, Next on the last; Done lets go")
    func keyboardToolbar() throws {
        var form = try ExampleForm("keyboard-toolbar")
        #expect(form.drawn.keyboardToolbar.isEmpty, "no toolbar without a focused field")
        try form.tap("Card number")
        #expect(form.view("Previous")?.disabled == true)
        #expect(throws: ProgramError.self) { try form.tap("Previous") }
        try form.tap("Next")
        #expect(form.focusedTitle == "Expiry (MM/YY)")
        try form.tap("Next")
        #expect(form.view("Next")?.disabled == true)
        try form.tap("Done")
        #expect(form.focusedTitle == nil)
    }

    @Test("Reveal: a row shows its notes field only while one of its fields has focus")
    func revealNotes() throws {
        var form = try ExampleForm("reveal-notes")
        #expect(form.view("Notes") == nil)
        let first = try #require(form.drawn.allViews.first { $0.title == "Title" }?.key)
        try form.apply(.tap(first))
        #expect(form.drawn.allViews.filter { $0.title == "Notes" }.count == 1)
        try form.submit()
        #expect(form.focusedTitle == "Notes")
        try form.submit()
        #expect(form.focusedTitle == nil)
        #expect(form.view("Notes") == nil)
    }

    @Test("An unmodelled view draws as a placeholder and what is inside it still works")
    func unmodelledView() throws {
        var form = try ExampleForm("unsupported-view")
        #expect(form.compiled.diagnostics.contains { $0.severity == .warning && $0.message.contains("DatePicker") })
        let dateLine = try form.line(of: "var date = Date()")
        #expect(form.compiled.diagnostics.contains { $0.line == dateLine && $0.message.contains("Date(…)") })
        #expect(form.startFailure != nil, "`date` could not be made")
        #expect(form.drawn.allViews.contains { $0.kind == .placeholder })
        try form.tap("Guest")
        try form.submit()
        #expect(form.drawn.allViews.first { $0.key == form.drawn.focused }?.kind == .textEditor)
        let editor: ControlKey = try #require(form.drawn.focused)
        try form.apply(.edit(editor, "late check-in"))
        try form.tap("Clear requests")
        #expect(form.value("notes") == "\"\"")
    }

    @Test("A runaway loop is stopped by the step budget, changes nothing, and the rest goes on")
    func runawayLoop() throws {
        var form = try ExampleForm("runaway-loop")
        try form.tap("Add one")
        let before = form.run
        #expect {
            try form.tap("Count forever")
        } throws: { error in
            guard case .stepBudgetExceeded = error as? ProgramError else { return false }
            return true
        }
        #expect(form.run == before)
        try form.tap("Add one")
        #expect(form.value("count") == "2")
    }

    @Test("A syntax error refuses the source with the parser's message on its line")
    func syntaxError() throws {
        let source = try ExampleForm.source("syntax-error")
        let compiled = SourceCompilation.compile(source)
        #expect(compiled.program == nil)
        let error = try #require(compiled.diagnostics.first { $0.severity == .error })
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let call = try #require(lines.firstIndex { $0.contains("TextField(\"Name\"") }) + 1
        #expect((call...call + 2).contains(error.line), "\(error)")
    }

    @Test("The focus bug: two fields bound to .name; a tap on Email reads .name, Return in Name asks for an unbound .email")
    func focusBug() throws {
        var form = try ExampleForm("focus-bug")
        let warnings = form.compiled.diagnostics.filter { $0.severity == .warning }
        let nameLine = try form.line(of: "TextField(\"Name\"") + 1
        let emailLine = try form.line(of: "TextField(\"Email\"") + 1
        #expect(warnings.contains { $0.line == nameLine } && warnings.contains { $0.line == emailLine })
        try form.tap("Email")
        #expect(form.focusedTitle == "Email")
        #expect(form.value("focus") == ".name")
        try form.tap("Name")
        try form.submit()
        #expect(form.focusedTitle == nil)
        #expect(form.value("focus") == "nil")
    }

    @Test("One onSubmit with a switch; the last field checks every line with for … where")
    func returnSwitch() throws {
        var form = try ExampleForm("return-switch")
        try form.tap("Street")
        try form.type("1 Main St", into: "Street")
        try form.submit()
        #expect(form.focusedTitle == "Postcode")
        try form.submit()
        #expect(form.focusedTitle == "Town")
        try form.submit()
        #expect(form.focusedTitle == "Postcode", "the first empty line")
        #expect(form.view("Fill in every line.") != nil)
    }

    @Test("A toggle reveals a field; the button switches it on and focuses it in one action")
    func toggleReveal() throws {
        var form = try ExampleForm("toggle-reveal")
        #expect(!form.drawn.allViews.contains { $0.kind == .textEditor })
        try form.tap("Add a card")
        #expect(form.drawn.allViews.contains { $0.kind == .textEditor })
        try form.tap("Add a card")
        try form.tap("Write the card")
        #expect(form.drawn.allViews.first { $0.key == form.drawn.focused }?.kind == .textEditor)
    }

    @Test("Return is a new line in a TextEditor and a vertical TextField; the title moves on")
    func editorReturn() throws {
        var form = try ExampleForm("editor-return")
        try form.tap("Title")
        try form.submit()
        #expect(form.focusedTitle == "Summary")
        try form.type("one", into: "Summary")
        try form.submit()
        #expect(form.focusedTitle == "Summary")
        #expect(form.view("Summary")?.value == "one\n")
        #expect(form.view("Done")?.disabled == false)
        try form.tap("Done")
        #expect(form.view("Done")?.disabled == true)
    }

    @Test("A case no field is bound to: focus leaves the form, and a warning names the case")
    func unboundCase() throws {
        var form = try ExampleForm("unbound-case")
        #expect(form.compiled.diagnostics.contains { $0.message.contains("comments") })
        #expect(form.compiled.diagnostics.contains { $0.line == (try? form.line(of: ".onAppear")) })
        #expect(form.focusedTitle == "Rating (1 to 5)")
        try form.tap("Skip to comments")
        #expect(form.focusedTitle == nil)
        #expect(form.value("focus") == "nil")
    }

    @Test("Removing the focused row moves focus to the row taking its place")
    func removeRow() throws {
        var form = try ExampleForm("remove-row")
        let guests = form.drawn.allViews.filter { $0.kind == .textField }
        let second: ControlKey = try #require(guests[1].key)
        try form.apply(.tap(second))
        let removes = form.drawn.allViews.filter { $0.title == "Remove" }
        let remove: ControlKey = try #require(removes[1].key)
        try form.apply(.tap(remove))
        let left = form.drawn.allViews.filter { $0.kind == .textField }
        #expect(left.map(\.value) == ["Ada", "Alan"])
        #expect(form.drawn.focused == left[1].key)
    }

    @Test("Next without animation goes straight on; with animation it passes through nil")
    func animatedMove() throws {
        var form = try ExampleForm("animated-move")
        try form.tap("To")
        try form.tap("Next")
        #expect(form.focusedTitle == "Subject")
        let direct = form.last.events.filter { if case .focus = $0.kind { true } else { false } }
        #expect(direct.count == 1)
        try form.tap("Next, animated")
        let focusEvents = form.last.events.compactMap { event -> ControlKey?? in
            if case .focus(_, let to, _, _) = event.kind { return .some(to) }
            return nil
        }
        #expect(focusEvents.count >= 1)
        #expect(form.drawn.allViews.first { $0.key == form.drawn.focused }?.kind == .textEditor)
    }

    @Test("Two screens in one source; asyncAfter focuses the first, defaultFocus the second")
    func twoScreens() throws {
        var form = try ExampleForm("two-screens")
        #expect(form.interpreter.screenNames == ["NameScreen", "CityScreen"])
        #expect(form.focusedTitle == nil)
        try form.fireTimer()
        #expect(form.focusedTitle == "Your name")
        try form.apply(.show(screen: 1))
        #expect(form.drawn.name == "CityScreen")
        #expect(form.focusedTitle == "City")
    }

    @Test("Every example compiles, and only syntax-error.swift has an error")
    func everyExampleCompiles() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: ExampleForm.folder.path)
            .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(6)) }.sorted()
        #expect(names.count >= 21)
        for name in names {
            let compiled = SourceCompilation.compile(try ExampleForm.source(name))
            #expect((compiled.program == nil) == (name == "syntax-error"), "\(name): \(compiled.diagnostics)")
        }
    }

    /// The examples that are meant to say nothing: a warning there would be a false one.
    @Test(
        "Forms that bind focus right say nothing: rows bound by id, a child view bound through a parameter",
        arguments: ["child-binding", "insert-after", "remove-row", "login", "sign-up", "keyboard-toolbar"])
    func quietExamples(name: String) throws {
        let compiled = SourceCompilation.compile(try ExampleForm.source(name))
        #expect(compiled.diagnostics == [], "\(name): \(compiled.diagnostics)")
    }
}
