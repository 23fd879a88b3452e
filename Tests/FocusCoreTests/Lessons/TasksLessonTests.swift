import FocusCore
import Testing

@Suite("Lesson: tasks focused row")
struct TasksLessonTests {
    @Test("A focused row opens, Return walks the rows, a new row takes focus, deletions hand it on: every step passes in order")
    func walkThrough() throws {
        var walk = try LessonWalk(.tasksFocusedRow)
        try walk.play(.navigate(to: .tasks), expecting: .neutral)
        let first = try #require(walk.rows(.tasks).first)
        try walk.play(.focus(.title(id: first)), expecting: .passed)
        try walk.play(.submit, expecting: .passed)
        try walk.play(.submit, expecting: .passed)
        try walk.play(.addRow(.tasks), expecting: .passed)
        try walk.play(.edit(.title(id: try #require(walk.rows(.tasks).last)), "Water the plants"), expecting: .neutral)
        try walk.play(.focus(.title(id: first)), expecting: .neutral)
        try walk.play(.removeRow(.tasks, first), expecting: .passed)
        let last = try #require(walk.rows(.tasks).last)
        try walk.play(.focus(.title(id: last)), expecting: .neutral)
        try walk.play(.submit, expecting: .neutral)
        try walk.play(.removeRow(.tasks, last), expecting: .passed)
        #expect(walk.state[.tasks]?.focus == .notes(id: try #require(walk.rows(.tasks).last)))
        try walk.play(.submit, expecting: .passed)
        #expect(walk.progress.complete)
        #expect(walk.state[.tasks]?.focusedRow == nil)
    }

    @Test("Deleting a row that has no focus is the wrong move when the step is about handing focus on")
    func wrongMove() throws {
        var walk = try LessonWalk(.tasksFocusedRow, at: 4, on: .tasks)
        let rows = walk.rows(.tasks)
        try walk.play(.focus(.title(id: rows[0])), expecting: .neutral)
        try walk.play(.removeRow(.tasks, rows[2]), expecting: .wrongMove)
        try walk.play(.removeRow(.tasks, rows[0]), expecting: .passed)
        #expect(walk.state[.tasks]?.focus == .title(id: rows[1]))
    }

    @Test("A Return that moves on to the next row does not pass the step that asks to let go of focus")
    func releaseNeedsNil() throws {
        var walk = try LessonWalk(.tasksFocusedRow, at: 6, on: .tasks)
        let rows = walk.rows(.tasks)
        try walk.play(.focus(.notes(id: rows[0])), expecting: .wrongMove)
        try walk.play(.edit(.notes(id: rows[0]), "Semi-skimmed"), expecting: .neutral)
        try walk.play(.submit, expecting: .wrongMove)
        try walk.play(.focus(nil), expecting: .passed)
    }
}
