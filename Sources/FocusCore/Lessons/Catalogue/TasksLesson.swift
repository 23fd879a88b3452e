extension Lesson {
    /// Tasks: a reminder shows its notes field only while one of its fields has focus; Return
    /// walks title, notes, next title; a new row's title takes focus; deleting the focused row
    /// hands focus to the row that takes its place, or to the one before.
    public static let tasksFocusedRow = Lesson(
        id: "tasks-focused-row",
        title: "A row that opens while it has focus",
        screen: .tasks,
        summary:
            "A reminder shows its notes field only while it has focus; Return walks the rows, and new and deleted rows move focus by id.",
        steps: [
            LessonStep(
                instruction: "Open Reminders and tap a reminder's title: its row has focus now, "
                    + "so it shows its notes field and buttons instead of rendered Markdown.",
                hint: "Tap the title of one of the reminders.",
                swift: "if focus.wrappedValue?.rowID == reminder.id {  // the notes field and buttons",
                settings: SettingsPatch(animatedFocusChange: false),
                goal: .all([.focus(to: "title", cause: .tap), .state(StatePattern(rowFocused: true))]),
                neutral: LessonStep.defaultNeutral + [.navigate]
            ),
            LessonStep(
                instruction: "Press Return: focus moves from the title to the notes of the same reminder.",
                hint: "Press Return while a reminder's title has focus.",
                swift: "return .notes(id: id)  // after case .title(let id)",
                goal: .focus(from: "title", to: "notes", cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Press Return in the notes: focus goes on to the next reminder's title, "
                    + "and the row you left shows its notes as Markdown again.",
                hint: "Press Return in the notes of a reminder that is not the last one.",
                swift: "return .title(id: reminders[index + 1].id)",
                goal: .focus(from: "notes", to: "title", cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Tap New Reminder: the row is added and its title takes focus at once, "
                    + "which answers the question the Reminders article ends on.",
                hint: "Tap the New Reminder button.",
                swift: "move(to: .title(id: reminder.id))  // in addReminder()",
                goal: .all([.happened(.rowAdded), .focus(to: "title", cause: .rowAdded)]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Tap the first reminder's title, then delete that reminder: "
                    + "the reminder that takes its place gets focus, in the same field.",
                hint: "Delete the reminder whose title has focus; the one below it should take focus.",
                swift: "move(to: heir.map { field.onRow(reminders[$0].id) })",
                goal: .all([.happened(.rowRemoved), .focus(from: "title", to: "title", cause: .rowRemoved)]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Put focus in the notes of the last reminder and delete it: no reminder takes its place, "
                    + "so the one before it gets focus, again in its notes.",
                hint: "Tap the bottom reminder's title, press Return to reach its notes, then delete it.",
                swift: "let heir = reminders.indices.contains(index) ? index : reminders.indices.last",
                goal: .focus(from: "notes", to: "notes", cause: .rowRemoved),
                neutral: LessonStep.defaultNeutral + [.tap, .submit]
            ),
            LessonStep(
                instruction: "Let go of focus: tap outside the list, or press Return in the last reminder's notes. "
                    + "No row has focus, so every reminder shows its notes as Markdown.",
                hint: "Tap somewhere that is not a field, or press Return in the notes of the last reminder.",
                swift: "Text(notesMarkdown)  // no row has focus: notes as Markdown",
                goal: .all([
                    .any([.focus(to: .nothing, cause: .tap), .focus(to: .nothing, cause: .submit)]),
                    .state(StatePattern(rowFocused: false)),
                ])
            ),
        ]
    )
}
