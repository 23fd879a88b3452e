extension FocusCase {
    /// Tasks: the case of a reminder's title.
    public static let title: FocusCase = "title"
    /// Tasks: the case of a reminder's notes.
    public static let notes: FocusCase = "notes"
}

extension FocusKey {
    /// Tasks: the title field of one reminder.
    public static func title(id: RowID) -> FocusKey { FocusKey(.title, id: id) }
    /// Tasks: the notes field of one reminder.
    public static func notes(id: RowID) -> FocusKey { FocusKey(.notes, id: id) }
}

extension ScreenDeclaration {
    /// Seed 002's task list: each row has a title and Markdown notes; a row shows its notes field
    /// and its buttons only while it has focus. Return moves from a row's title to its notes,
    /// then to the next row's title.
    public static let tasks = ScreenDeclaration(
        id: .tasks,
        title: "Reminders",
        focusType: "ReminderField",
        lists: [
            ListDeclaration(
                id: .tasks,
                rowNoun: "Reminder",
                addButton: "New Reminder",
                removable: true,
                rowActions: [
                    RowAction(label: "Add Date", target: .notes, appends: "Due today"),
                    RowAction(label: "Add Location", target: .notes, appends: "At home"),
                ],
                markdownPreview: .notes,
                fields: [
                    RowFieldDeclaration(rowCase: .title, label: "Title", submitLabel: .next, placeholder: "Title"),
                    RowFieldDeclaration(
                        rowCase: .notes, label: "Notes", submitLabel: .next, placeholder: "Notes",
                        onlyWhileRowFocused: true),
                ],
                initialRows: [
                    [.title: "Buy milk", .notes: "**2** litres, *semi-skimmed*"],
                    [.title: "Book the dentist", .notes: "Ask about a [Saturday slot](https://example.com/dentist)"],
                    [.title: "Pack for the trip", .notes: "- passport\n- charger\n- `boarding pass`"],
                ]
            )
        ]
    )
}
