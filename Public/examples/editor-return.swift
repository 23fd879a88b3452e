import SwiftUI

/// Return means a new line in a `TextEditor` and in a vertical `TextField`; only the one-line
/// title moves focus on.
struct JournalEntry: View {
    enum Field: Hashable {
        case title, summary, body
    }

    @State private var title = ""
    @State private var summary = ""
    @State private var text = ""
    @FocusState private var focus: Field?

    var body: some View {
        VStack {
            TextField("Title", text: $title)
                .focused($focus, equals: .title)
                .onSubmit { focus = .summary }
            TextField("Summary", text: $summary, axis: .vertical)
                .focused($focus, equals: .summary)
            TextEditor(text: $text)
                .focused($focus, equals: .body)
            Button("Done") { focus = nil }
                .disabled(focus == nil)
        }
    }
}
