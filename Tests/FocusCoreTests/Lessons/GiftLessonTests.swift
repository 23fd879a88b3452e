import FocusCore
import Testing

@Suite("Lesson: gift auto-focus and rows")
struct GiftLessonTests {
    @Test("The late focus, a tap that beats it, rows by id, Return row to row and Send: every step passes in order")
    func walkThrough() throws {
        var walk = try LessonWalk(.giftAutoFocus)
        try walk.play(.navigate(to: .gift), expecting: .neutral)
        try walk.fireTimer(expecting: .passed)
        try walk.play(.navigate(to: .profile), expecting: .neutral)
        try walk.play(.navigate(to: .gift), expecting: .neutral)
        let first = try #require(walk.rows(.emails).first)
        try walk.play(.focus(.row(id: first)), expecting: .passed)
        try walk.play(.addRow(.emails), expecting: .passed)
        try walk.play(.focus(.row(id: first)), expecting: .neutral)
        try walk.play(.submit, expecting: .passed)
        try walk.play(.submit, expecting: .passed)
        try walk.play(.validate, expecting: .passed)
        try walk.play(.edit(.message, "Happy birthday!"), expecting: .neutral)
        try walk.play(.validate, expecting: .passed)
        for (row, address) in zip(walk.rows(.emails), ["ada@example.com", "grace@example.com"]) {
            try walk.play(.edit(.row(id: row), address), expecting: .neutral)
        }
        try walk.play(.validate, expecting: .passed)
        #expect(walk.progress.complete)
    }

    @Test("Letting the timer land first is the wrong move in the step that asks for a tap before it")
    func tooSlow() throws {
        var walk = try LessonWalk(.giftAutoFocus, at: 1)
        try walk.play(.navigate(to: .gift), expecting: .neutral)
        try walk.fireTimer(expecting: .wrongMove)
        try walk.play(.navigate(to: .checkout), expecting: .neutral)
        try walk.play(.navigate(to: .gift), expecting: .neutral)
        #expect(walk.progress.hint, "navigating is neutral here and leaves the hint")
        try walk.play(.focus(.message), expecting: .passed)
    }

    @Test("Typing in an email while the step asks for Add new email is neutral")
    func typingIsNeutral() throws {
        var walk = try LessonWalk(.giftAutoFocus, at: 2, on: .gift)
        let first = try #require(walk.rows(.emails).first)
        try walk.play(.edit(.row(id: first), "ada@"), expecting: .neutral)
        try walk.play(.addRow(.emails), expecting: .passed)
    }
}
