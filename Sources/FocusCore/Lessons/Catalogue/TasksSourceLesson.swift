extension Lesson {
    /// The reminder list from its source: a row that draws its notes field and buttons only while
    /// focus is on it, Return from title to notes to the next title, a new row's title focused by
    /// its id, and a deleted row handing focus to its heir; taking that hand-over out of the code
    /// shows what it is for; last, what lets go of focus on an iPhone (not a tap on blank space).
    /// Every step is checked from what the source does.
    public static let tasksSource = Lesson(
        id: "tasks-source",
        title: "A row that opens while it has focus, in the code",
        screen: "ReminderList",
        summary:
            "Open a reminder by focusing it, walk the rows with Return, add and delete rows, edit delete(_:) to see "
            + "where focus goes without an heir, and let go of focus as an iPhone does.",
        steps: [
            LessonStep(
                instruction: "Tap a reminder's title. Focus now holds .title with that reminder's id, so its row draws the "
                    + "Notes field and the Add Date and Add Location buttons instead of the Markdown.",
                hint: "Tap the title of one of the reminders.",
                swift: "if focus.wrappedValue?.rowID == reminder.id {",
                goal: .all([.focus(to: "title", cause: .tap), .state(StatePattern(focus: "title", rowFocused: true))])
            ),
            LessonStep(
                instruction: "Press Return: next(after:) turns .title into .notes with the same id, and the Notes field "
                    + "that just appeared takes focus.",
                hint: "Press Return while a reminder's title has focus.",
                swift: "return .notes(id: id)",
                goal: .all([.focus(from: "title", cause: .submit), .state(StatePattern(focus: "notes"))]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Press Return in the notes: focus goes to the title of the reminder below. That row opens, "
                    + "and the one you left closes back to Markdown.",
                hint: "Press Return in the notes of a reminder that has another one below it.",
                swift: "return .title(id: reminders[index + 1].id)",
                goal: .all([.focus(to: "title", cause: .submit), .state(StatePattern(focus: "title"))]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Keep pressing Return down to the last reminder's notes, and once more there: no reminder "
                    + "follows, so next(after:) returns nil and every row is closed.",
                hint: "Press Return until focus reaches the notes of the bottom reminder, then press it once more.",
                swift: "else { return nil }",
                // Once focus is nil the notes field is no longer drawn, so the program reports the move as
                // the field going away (`binding`) rather than as Return; either cause is this Return.
                goal: .all([
                    .any([.focus(to: .nothing, cause: .submit), .focus(to: .nothing, cause: .binding)]),
                    .state(StatePattern(focus: .nothing, rowFocused: false)),
                ]),
                neutral: LessonStep.defaultNeutral + [.tap, .submit]
            ),
            LessonStep(
                instruction: "With no reminder focused, tap New Reminder: addReminder() appends one and focuses its title "
                    + "by the new id, so the new row opens at once.",
                hint: "Let go of focus first (Return in the last notes, or Escape: a tap on blank space keeps focus, as "
                    + "on an iPhone), then tap New Reminder.",
                swift: "move(to: .title(id: reminder.id))",
                goal: .all([
                    .focus(from: .nothing, to: "title", cause: .binding), .state(StatePattern(focus: "title", rowFocused: true)),
                ]),
                neutral: LessonStep.defaultNeutral + [.tap, .submit]
            ),
            LessonStep(
                instruction: "Tap the first reminder's title, press Return to reach its notes, and tap its Delete: the "
                    + "reminder below takes its place, and focus moves to the same field of it, its notes.",
                hint: "Put focus in a reminder's notes, then tap Delete on that same reminder.",
                swift: "move(to: heir.map { field.onRow(reminders[$0].id) })",
                goal: .all([.focus(cause: .binding), .state(StatePattern(focus: "notes"))]),
                neutral: LessonStep.defaultNeutral + [.tap, .submit]
            ),
            LessonStep(
                instruction: "In the code, delete the line `move(to: heir.map { field.onRow(reminders[$0].id) })` from "
                    + "delete(_:) and run it, so deleting a reminder only removes it.",
                hint: "Edit delete(_:) near the end of ReminderList: remove its last line, the move(to: heir.map …) call.",
                swift: "move(to: heir.map { field.onRow(reminders[$0].id) })",
                goal: .source(SourcePattern(lacks: "move(to: heir.map")),
                neutral: LessonStep.defaultNeutral + [.tap, .submit, .button]
            ),
            LessonStep(
                instruction: "Now delete the reminder that has focus: its fields are gone with it, nothing moves focus "
                    + "elsewhere, so focus falls to nil and the keyboard goes away.",
                hint: "Tap a reminder's title, then tap Delete on that same reminder.",
                swift: "reminders.remove(at: index)",
                goal: .all([
                    .focus(to: .nothing, cause: .rowRemoved), .state(StatePattern(focus: .nothing, rowFocused: false)),
                ]),
                neutral: LessonStep.defaultNeutral + [.tap, .submit]
            ),
            LessonStep(
                instruction: "Put the line back at the end of delete(_:) and run the code.",
                hint: "Add `move(to: heir.map { field.onRow(reminders[$0].id) })` after the line that computes heir.",
                swift: "move(to: heir.map { field.onRow(reminders[$0].id) })",
                goal: .source(SourcePattern(contains: "move(to: heir.map { field.onRow(reminders[$0].id) })")),
                neutral: LessonStep.defaultNeutral + [.tap, .submit, .button]
            ),
            LessonStep(
                instruction: "Put focus in the last reminder's notes and delete it: no reminder takes its place, so heir "
                    + "is the one before it, and its notes take focus.",
                hint: "Tap the bottom reminder's title, press Return to reach its notes, then tap its Delete.",
                swift: "let heir = reminders.indices.contains(index) ? index : reminders.indices.last",
                goal: .all([.focus(cause: .binding), .state(StatePattern(focus: "notes"))]),
                neutral: LessonStep.defaultNeutral + [.tap, .submit]
            ),
            LessonStep(
                instruction: "Now let go of focus as an iPhone does. A tap on blank space beside the list does not: iOS "
                    + "keeps the field focused until something ends editing. The keyboard's dismiss key does (Escape "
                    + "here, or ⌄ on the keyboard): SwiftUI writes nil through the field's .focused binding, so every "
                    + "row closes back to Markdown. Return in the last reminder's notes lets go too, in the code.",
                hint: "Press Escape in the focused notes (the keyboard's dismiss key); tapping beside the list keeps focus.",
                swift: ".focused(focus, equals: .notes(id: reminder.id))",
                goal: .all([
                    .any([
                        .focus(to: .nothing, cause: .dismiss), .focus(to: .nothing, cause: .submit),
                        .focus(to: .nothing, cause: .binding),
                    ]),
                    .state(StatePattern(focus: .nothing, rowFocused: false)),
                ]),
                neutral: LessonStep.defaultNeutral + [.submit]
            ),
        ],
        example: "seeds/tasks"
    )
}
