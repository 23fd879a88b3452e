import SwiftUI

/// Seed 000's profile form: Return walks First Name → Last Name and then lets go; Previous and
/// Next on the keyboard step through the fields, entering at either end when nothing has focus.
/// Every move goes through `move(to:)`, which turns animation off, so focus goes straight from
/// field to field and the keyboard stays up.
struct ProfileForm: View {
    enum Field: Hashable, CaseIterable {
        case firstName, lastName
    }

    @State private var firstName = ""
    @State private var lastName = ""
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            TextField("First Name", text: $firstName)
                .focused($focus, equals: .firstName)
                .textContentType(.givenName)
                .submitLabel(.next)
                .onSubmit { move(to: .lastName) }
            TextField("Last Name", text: $lastName)
                .focused($focus, equals: .lastName)
                .textContentType(.familyName)
                .submitLabel(.done)
                .onSubmit { focus = nil }
        }
        .toolbar {
            ToolbarItemGroup(placement: .keyboard) {
                Button("Previous") { step(by: -1) }
                Button("Next") { step(by: +1) }
            }
        }
    }

    /// Previous and Next; with nothing focused they enter at either end.
    private func step(by offset: Int) {
        let fields = Field.allCases
        let target: Int
        if let focus, let index = fields.firstIndex(of: focus) {
            target = index + offset
        } else {
            target = offset > 0 ? 0 : fields.count - 1
        }
        guard fields.indices.contains(target) else { return }
        move(to: fields[target])
    }

    /// Without animation focus goes straight to the next field, never through nil, so the
    /// keyboard stays up.
    private func move(to field: Field) {
        withTransaction(Transaction(animation: nil)) {
            focus = field
        }
    }
}
