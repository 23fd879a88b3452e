import FocusCore
import Testing

@Suite("Lesson: profile keyboard")
struct ProfileLessonTests {
    @Test("Return, the toolbar, the bounce with the animation on and its fix: every step passes in order")
    func walkThrough() throws {
        var walk = try LessonWalk(.profileKeyboard)
        try walk.play(.focus(.firstName), expecting: .passed)
        try walk.play(.edit(.firstName, "Ada"), expecting: .neutral)
        try walk.play(.submit, expecting: .passed)
        try walk.play(.submit, expecting: .passed)
        try walk.play(.focus(.lastName), expecting: .neutral)
        try walk.play(.previous, expecting: .passed)
        try walk.play(.next, expecting: .passed)
        #expect(walk.state.settings.animatedFocusChange, "the bounce step turns the animation on as it begins")
        try walk.play(.focus(.firstName), expecting: .neutral)
        try walk.play(.submit, expecting: .passed)
        try walk.play(.configure(SettingsPatch(animatedFocusChange: false)), expecting: .passed)
        try walk.play(.focus(.firstName), expecting: .neutral)
        try walk.play(.submit, expecting: .passed)
        #expect(walk.progress.complete)
    }

    @Test("Next where the step asks for Return shows the hint; Return passes and clears it")
    func wrongMove() throws {
        var walk = try LessonWalk(.profileKeyboard)
        try walk.play(.focus(.lastName), expecting: .neutral)
        try walk.play(.focus(.firstName), expecting: .passed)
        try walk.play(.next, expecting: .wrongMove)
        #expect(walk.state[.profile]?.focus == .lastName, "the toolbar moved focus, but that is not what the step teaches")
        try walk.play(.focus(.firstName), expecting: .neutral)
        try walk.play(.submit, expecting: .passed)
        #expect(walk.progress.step == 2 && !walk.progress.hint)
    }

    @Test("After the fix, a Return through nil does not pass: the move must be one event, straight to Last Name")
    func fixNeedsOneEvent() throws {
        var walk = try LessonWalk(.profileKeyboard, at: 7)
        try walk.play(.focus(.firstName), expecting: .neutral)
        try walk.play(.configure(SettingsPatch(animatedFocusChange: true)), expecting: .wrongMove)
        try walk.play(.submit, expecting: .wrongMove)
    }
}
