import SwiftUI

/// A child view takes the parent's focus state as a `FocusState.Binding` and its text as a
/// `@Binding`: the parent's `focus` moves into the child's field.
struct ContactCard: View {
    enum Field: Hashable {
        case name, phone, email
    }

    @State private var name = ""
    @State private var phone = ""
    @State private var email = ""
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            LabeledEntry(title: "Name", text: $name, focus: $focus, field: .name, next: .phone)
            LabeledEntry(title: "Phone", text: $phone, focus: $focus, field: .phone, next: .email)
            LabeledEntry(title: "Email", text: $email, focus: $focus, field: .email, next: nil)
        }
    }
}

struct LabeledEntry: View {
    let title: String
    @Binding var text: String
    var focus: FocusState<ContactCard.Field?>.Binding
    let field: ContactCard.Field
    let next: ContactCard.Field?

    var body: some View {
        TextField(title, text: $text)
            .focused(focus, equals: field)
            .submitLabel(next == nil ? .done : .next)
            .onSubmit { focus.wrappedValue = next }
    }
}
