extension ScreenDeclaration {
    /// Seed 002's task list: each row has a title and Markdown notes. Return moves from a
    /// row's title to its notes, then to the next row's title.
    public static let tasks = ScreenDeclaration(
        id: .tasks,
        title: "Reminders",
        lists: [
            ListDeclaration(
                id: .tasks,
                fields: [
                    RowFieldDeclaration(rowCase: .title, label: "Title", submitLabel: .next),
                    RowFieldDeclaration(rowCase: .notes, label: "Notes", submitLabel: .next),
                ],
                initialRows: [
                    [.title: "Buy milk", .notes: "**2** litres, *semi-skimmed*"],
                    [.title: "Book the dentist", .notes: "Ask about a [Saturday slot](https://example.com/dentist)"],
                    [.title: "Pack for the trip", .notes: "- passport\n- charger\n- `boarding pass`"],
                ]
            ),
        ]
    )
}
