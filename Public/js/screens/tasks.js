// Reminders (seed 002): a focused row reveals its notes field and extra buttons; the others show
// their notes as Markdown.

import { swift, moveFunction } from './swift-source.js';

export default {
  id: 'tasks',
  hint: 'The reminder with focus shows its notes field; the others show their notes as Markdown.',
  code: (settings) => swift`
import SwiftUI

enum ReminderField: Hashable {
    case title(id: UUID)
    case notes(id: UUID)
}

struct ReminderList: View { ⟦navigate⟧
    @State private var reminders: [Reminder] = []
    @FocusState private var focus: ReminderField? ⟦tap:>nil⟧

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
        move(to: .title(id: reminder.id)) ⟦rowAdded⟧
    }

    /// Return: from a title to its notes, then to the next title.
    private func next(after field: ReminderField) -> ReminderField? {
        switch field {
        case .title(let id):
            return .notes(id: id) ⟦submit:title>notes⟧
        case .notes(let id):
            guard let index = reminders.firstIndex(where: { $0.id == id }),
                  index + 1 < reminders.count else { return nil } ⟦submit:notes>nil⟧
            return .title(id: reminders[index + 1].id) ⟦submit:notes>title⟧
        }
    }

    /// Focus in a deleted reminder moves to the same field of the
    /// one taking its place, else of the one before it.
    private func delete(_ id: UUID) {
        guard let index = reminders.firstIndex(where: { $0.id == id }) else { return }
        reminders.remove(at: index) ⟦rowRemoved⟧
        guard let field = focus, field.rowID == id else { return }
        let heir = reminders.indices.contains(index) ? index : reminders.indices.last
        move(to: heir.map { field.onRow(reminders[$0].id) }) ⟦rowRemoved:>title,rowRemoved:>notes,rowRemoved:>nil⟧
    }

${moveFunction('ReminderField?', settings.animatedFocusChange)}
}

struct ReminderRow: View {
    @Binding var reminder: Reminder
    var focus: FocusState<ReminderField?>.Binding
    let onDelete: () -> Void

    var body: some View {
        HStack(alignment: .top) {
            VStack(alignment: .leading) {
                TextField("Title", text: $reminder.title) ⟦edit:title⟧
                    .focused(focus, equals: .title(id: reminder.id)) ⟦tap:>title⟧
                    .submitLabel(.next)
                if focus.wrappedValue?.rowID == reminder.id {
                    TextField("Notes", text: $reminder.notes) ⟦edit:notes⟧
                        .focused(focus, equals: .notes(id: reminder.id)) ⟦tap:>notes⟧
                        .submitLabel(.next)
                    HStack {
                        Button("Add Date") { addToNotes("Due today") }
                        Button("Add Location") { addToNotes("At home") }
                    }
                    // A styled button is its own tap target; with the
                    // default style a tap in a List row fires every button.
                    .buttonStyle(.bordered)
                    .controlSize(.small)
                } else if !reminder.notes.isEmpty {
                    Text(notesMarkdown)
                        .foregroundStyle(.secondary)
                }
            }
            Button("Delete", role: .destructive, action: onDelete)
                .buttonStyle(.borderless)
        }
    }

    private var notesMarkdown: AttributedString {
        let options = AttributedString.MarkdownParsingOptions(
            interpretedSyntax: .inlineOnlyPreservingWhitespace)
        return (try? AttributedString(markdown: reminder.notes, options: options))
            ?? AttributedString(reminder.notes)
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

extension ReminderField {
    var rowID: UUID {
        switch self {
        case .title(let id), .notes(let id): id
        }
    }

    /// The same field on another reminder.
    func onRow(_ id: UUID) -> ReminderField {
        switch self {
        case .title: .title(id: id)
        case .notes: .notes(id: id)
        }
    }
}
`,
};
