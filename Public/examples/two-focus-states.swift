import SwiftUI

/// Two focus states in one view: one for the shipping fields, one for the note. Each reads
/// `nil` (or `false`) while focus is in a field bound to the other.
struct ShippingForm: View {
    enum Line: Hashable {
        case street, city
    }

    @State private var street = ""
    @State private var city = ""
    @State private var note = ""
    @FocusState private var line: Line?
    @FocusState private var writingNote: Bool

    var body: some View {
        Form {
            Section("Address") {
                TextField("Street", text: $street)
                    .focused($line, equals: .street)
                    .onSubmit { line = .city }
                TextField("City", text: $city)
                    .focused($line, equals: .city)
                    .onSubmit { writingNote = true }
            }
            Section("Note for the courier") {
                TextField("Note", text: $note, axis: .vertical)
                    .focused($writingNote)
            }
            Button("Done") {
                line = nil
                writingNote = false
            }
        }
    }
}
