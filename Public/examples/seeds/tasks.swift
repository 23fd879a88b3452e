import SwiftUI

enum ReminderField: Hashable {
    case title(id: UUID)
    case notes(id: UUID)

    /// The reminder the field belongs to.
    var rowID: UUID {
        switch self {
        case .title(let id), .notes(let id): return id
        }
    }

    /// The same field on another reminder.
    func onRow(_ id: UUID) -> ReminderField {
        switch self {
        case .title: return .title(id: id)
        case .notes: return .notes(id: id)
        }
    }
}

/// Seed 002's reminders: the reminder with focus shows its notes field and its buttons, the
/// others show their notes as Markdown; Return moves from a title to its notes, then to the
/// next title; deleting the focused reminder moves focus to the one taking its place.
struct ReminderList: View {
    @State private var reminders = [
        Reminder(title: "Buy milk", notes: "**2** litres, *semi-skimmed*"),
        Reminder(title: "Book the dentist", notes: "Ask about a [Saturday slot](https://example.com/dentist)"),
        Reminder(title: "Pack for the trip", notes: "- passport\n- charger\n- `boarding pass`"),
    ]
    @FocusState private var focus: ReminderField?

    var body: some View {
        List {
            ForEach($reminders) { $reminder in
                ReminderRow(reminder: $reminder, focus: $focus) {
                    delete(reminder.id)
                }
            }
            Button("New Reminder", action: addReminder)
        }
        .onSubmit { move(to: focus.flatMap(next(after:))) }
    }

    private func addReminder() {
        let reminder = Reminder()
        reminders.append(reminder)
        move(to: .title(id: reminder.id))
    }

    /// Return: from a title to its notes, then to the next title.
    private func next(after field: ReminderField) -> ReminderField? {
        switch field {
        case .title(let id):
            return .notes(id: id)
        case .notes(let id):
            guard let index = reminders.firstIndex(where: { $0.id == id }),
                index + 1 < reminders.count
            else { return nil }
            return .title(id: reminders[index + 1].id)
        }
    }

    /// Focus in a deleted reminder moves to the same field of the one taking its place, else
    /// of the one before it.
    private func delete(_ id: UUID) {
        guard let index = reminders.firstIndex(where: { $0.id == id }) else { return }
        reminders.remove(at: index)
        guard let field = focus, field.rowID == id else { return }
        let heir = reminders.indices.contains(index) ? index : reminders.indices.last
        move(to: heir.map { field.onRow(reminders[$0].id) })
    }

    /// Without animation focus goes straight to the next field, never through nil, so the
    /// keyboard stays up.
    private func move(to field: ReminderField?) {
        withTransaction(Transaction(animation: nil)) {
            focus = field
        }
    }
}

struct ReminderRow: View {
    @Binding var reminder: Reminder
    var focus: FocusState<ReminderField?>.Binding
    let onDelete: () -> Void

    var body: some View {
        HStack(alignment: .top) {
            VStack(alignment: .leading) {
                TextField("Title", text: $reminder.title)
                    .focused(focus, equals: .title(id: reminder.id))
                    .submitLabel(.next)
                if focus.wrappedValue?.rowID == reminder.id {
                    TextField("Notes", text: $reminder.notes)
                        .focused(focus, equals: .notes(id: reminder.id))
                        .submitLabel(.next)
                    HStack {
                        Button("Add Date") { addToNotes("Due today") }
                        Button("Add Location") { addToNotes("At home") }
                    }
                    // A styled button is its own tap target; with the default style a tap in a
                    // List row fires every button in it.
                    .buttonStyle(.bordered)
                    .controlSize(.small)
                } else if !reminder.notes.isEmpty {
                    Text(
                        (try? AttributedString(
                            markdown: reminder.notes,
                            options: .init(interpretedSyntax: .inlineOnlyPreservingWhitespace)))
                            ?? AttributedString(reminder.notes)
                    )
                    .foregroundStyle(.secondary)
                }
            }
            Button("Delete", role: .destructive, action: onDelete)
                .buttonStyle(.borderless)
        }
    }

    private func addToNotes(_ text: String) {
        reminder.notes += reminder.notes.isEmpty ? text : " " + text
    }
}

struct Reminder: Identifiable {
    let id = UUID()
    var title = ""
    var notes = ""
}
