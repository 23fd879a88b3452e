import SwiftUI

/// A row shows its notes field only while one of its fields has focus; focus leaving the row
/// hides it again.
struct ChecklistScreen: View {
    enum Field: Hashable {
        case title(UUID)
        case notes(UUID)
    }

    struct Chore: Identifiable {
        let id = UUID()
        var title: String
        var notes = ""
    }

    @State private var chores = [Chore(title: "Water the plants"), Chore(title: "Call the bank")]
    @FocusState private var focus: Field?

    var body: some View {
        List {
            ForEach($chores) { $chore in
                VStack {
                    TextField("Title", text: $chore.title)
                        .focused($focus, equals: .title(chore.id))
                        .onSubmit { focus = .notes(chore.id) }
                    if focus == .title(chore.id) || focus == .notes(chore.id) {
                        TextField("Notes", text: $chore.notes)
                            .focused($focus, equals: .notes(chore.id))
                            .onSubmit { focus = nil }
                    }
                }
            }
        }
    }
}
