import FocusCore
import Testing

@Suite("Lesson: checkout ambiguous binding")
struct CheckoutLessonTests {
    @Test("Return and Proceed, then four symptoms of the ambiguous binding, then the fix: every step passes in order")
    func walkThrough() throws {
        var walk = try LessonWalk(.checkoutAmbiguous)
        try walk.play(.navigate(to: .checkout), expecting: .neutral)
        try walk.play(.edit(.name, "Ada Lovelace"), expecting: .neutral)
        try walk.play(.submit, expecting: .passed)
        try walk.play(.submit, expecting: .passed)
        try walk.play(.validate, expecting: .passed)
        try walk.play(.configure(SettingsPatch(ambiguousAddressBinding: true)), expecting: .passed)
        #expect(walk.state[.checkout]?.focus == nil, "Address had focus and nothing is bound to .address now")
        try walk.play(.navigate(to: .profile), expecting: .neutral)
        try walk.play(.navigate(to: .checkout), expecting: .passed)
        try walk.play(.submit, expecting: .passed)
        try walk.play(.focus(.phone), expecting: .neutral)
        try walk.play(.validate, expecting: .passed)
        try walk.play(.focus(.name), expecting: .passed)
        try walk.play(.configure(SettingsPatch(ambiguousAddressBinding: false)), expecting: .passed)
        try walk.play(.validate, expecting: .passed)
        #expect(walk.progress.complete)
        #expect(walk.state[.checkout]?.focus == .address)
    }

    @Test("Proceed with Address filled reaches another field: the hint shows until Address is empty again")
    func wrongMove() throws {
        var walk = try LessonWalk(.checkoutAmbiguous, at: 2, on: .checkout)
        try walk.play(.edit(.name, "Ada Lovelace"), expecting: .neutral)
        try walk.play(.edit(.address, "12 St James's Square"), expecting: .neutral)
        try walk.play(.validate, expecting: .wrongMove)
        #expect(walk.state[.checkout]?.focus == .phone)
        try walk.play(.edit(.address, ""), expecting: .neutral)
        #expect(walk.progress.hint, "typing leaves the hint showing")
        try walk.play(.validate, expecting: .passed)
        #expect(!walk.progress.hint)
    }

    @Test("Starting at a symptom step applies the ambiguous binding the step needs")
    func startingMidwayAppliesSettings() throws {
        let walk = try LessonWalk(.checkoutAmbiguous, at: 7)
        #expect(walk.state.settings.ambiguousAddressBinding)
        #expect(!walk.state.settings.animatedFocusChange)
    }
}
