import FocusCore
import Testing

/// Seed 001, first half: the checkout form, Proceed, and the ambiguous binding.
@Suite("Seed 001: checkout form")
struct CheckoutSeedTests {
    @Test("Checkout focuses Name when it appears, and Return walks Name → Address → Phone → nil")
    func returnChain() throws {
        var session = TestSession()
        let appear = try session.apply(.navigate(to: .checkout))
        #expect(
            appear.events == [
                .navigate(from: .profile, to: .checkout),
                focusEvent(.checkout, nil, .name, .autoFocus),
            ])
        #expect(session.snapshot.focusedField == "name")

        try session.apply(.edit(.name, "Ada Lovelace"))
        try session.apply(.submit)
        #expect(session.focus == .address)
        try session.apply(.edit(.address, "12 St James's Square"))
        try session.apply(.submit)
        #expect(session.focus == .phone)
        try session.apply(.submit)
        #expect(session.focus == nil)
        #expect(session.screen.value(.address) == "12 St James's Square")
    }

    @Test("Proceed with Address empty focuses Address and says what to enter")
    func proceedFocusesFirstInvalid() throws {
        var session = try TestSession(on: .checkout)
        try session.apply(.edit(.name, "Ada Lovelace"))
        try session.apply(.focus(.phone))
        try session.apply(.edit(.phone, "+44 20 7946 0000"))

        let outcome = try session.apply(.validate)
        #expect(
            outcome.events == [
                .validation(screen: .checkout, valid: false, firstInvalid: .address),
                focusEvent(.checkout, .phone, .address, .validation),
            ])
        #expect(session.focus == .address)
        #expect(session.screen.errors == [.address: "Enter a street address."])
        #expect(session.screen.validation == .invalid)
        #expect(session.state.current == .checkout)
    }

    @Test("An edit keeps the field's error, marked stale, until the next validation, and resets the result")
    func editAfterValidation() throws {
        var session = try TestSession(on: .checkout)
        try session.apply(.validate)
        #expect(session.snapshot.staleErrors.isEmpty)
        try session.apply(.edit(.address, "1 Main Street"))
        #expect(session.screen.errors[.address] != nil)
        #expect(session.snapshot.staleErrors == [.address], "Address changed since its error was found")
        #expect(session.screen.validation == nil)
        try session.apply(.validate)
        #expect(session.screen.errors[.address] == nil)
        #expect(session.snapshot.staleErrors.isEmpty, "a validation makes every error current again")
    }

    @Test("Symptom 1: with Address bound to .name, the form appears with focus on Address")
    func ambiguousAppear() throws {
        let session = try TestSession(on: .checkout, settings: SettingsPatch(ambiguousAddressBinding: true))
        #expect(session.focus == .name)
        let snapshot = session.snapshot
        #expect(snapshot.focusedField == "address", "the last field bound to the key wins")
        #expect(snapshot.bindings.map(\.key) == [.name, .name, .phone])
        #expect(snapshot.diagnostics.count == 1)
        let diagnostic = try #require(snapshot.diagnostics.first)
        #expect(diagnostic.kind == .ambiguousBinding)
        #expect(diagnostic.key == .name)
        #expect(diagnostic.fields == ["name", "address"])
        #expect(diagnostic.message.hasPrefix("The Name and Address fields are both bound to .name"))
        #expect(diagnostic.message.contains("nothing can focus .address"))
    }

    @Test("Symptom 2: Return after typing a name dismisses the keyboard instead of moving to Address")
    func ambiguousReturn() throws {
        var session = try TestSession(on: .checkout, settings: SettingsPatch(ambiguousAddressBinding: true))
        try session.apply(.edit(.name, "Ada Lovelace"))
        let outcome = try session.apply(.submit)
        #expect(outcome.events == [focusEvent(.checkout, .name, nil, .submit)])
        #expect(session.focus == nil)
        #expect(session.screen.value(.name) == "Ada Lovelace")
    }

    @Test("Symptom 3: Proceed with Address empty does not focus Address")
    func ambiguousValidation() throws {
        var session = try TestSession(on: .checkout, settings: SettingsPatch(ambiguousAddressBinding: true))
        try session.apply(.edit(.name, "Ada Lovelace"))
        try session.apply(.focus(.phone))
        try session.apply(.edit(.phone, "+44 20 7946 0000"))
        let outcome = try session.apply(.validate)
        #expect(
            outcome.events == [
                .validation(screen: .checkout, valid: false, firstInvalid: .address),
                focusEvent(.checkout, .phone, nil, .validation),
            ])
        #expect(session.focus == nil)
        #expect(session.screen.errors[.address] != nil)
    }

    @Test("With the ambiguous binding nothing can focus .address, yet its text can still be edited")
    func ambiguousAddressKey() throws {
        var session = try TestSession(on: .checkout, settings: SettingsPatch(ambiguousAddressBinding: true))
        let before = session.state
        #expect(throws: FocusError.unknownKey("address", screen: .checkout)) {
            try session.apply(.focus(.address))
        }
        #expect(session.state == before)
        try session.apply(.edit(.address, "1 Main Street"))
        #expect(session.screen.value(.address) == "1 Main Street")
    }

    @Test("Turning the mistake on while Address has focus resets focus; turning it off clears the diagnostic")
    func toggleAmbiguity() throws {
        var session = try TestSession(on: .checkout)
        try session.apply(.focus(.address))
        let on = try session.apply(.configure(SettingsPatch(ambiguousAddressBinding: true)))
        #expect(
            on.events == [
                .settings(SettingsPatch(ambiguousAddressBinding: true)),
                focusEvent(.checkout, .address, nil, .binding),
            ])
        #expect(try session.apply(.configure(SettingsPatch(ambiguousAddressBinding: true))) == .unchanged(.unchanged))
        try session.apply(.configure(SettingsPatch(ambiguousAddressBinding: false)))
        #expect(session.snapshot.diagnostics.isEmpty)
    }
}
