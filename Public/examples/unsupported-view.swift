import SwiftUI

/// A view the playground does not model (`DatePicker`) draws as a labelled placeholder; the
/// fields around it and the button inside the `GroupBox` still work.
struct BookingForm: View {
    enum Field: Hashable {
        case guest, notes
    }

    @State private var guest = ""
    @State private var notes = ""
    @State private var date = Date()
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            TextField("Guest", text: $guest)
                .focused($focus, equals: .guest)
                .onSubmit { focus = .notes }
            DatePicker("Arrival", selection: $date)
            GroupBox("Requests") {
                TextEditor(text: $notes)
                    .focused($focus, equals: .notes)
                Button("Clear requests") { notes = "" }
            }
        }
    }
}
