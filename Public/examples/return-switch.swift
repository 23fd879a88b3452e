import SwiftUI

/// One `onSubmit` for the whole form, deciding with a `switch` on the focused field; the last
/// field validates with a `for … where` over every field.
struct AddressForm: View {
    enum Field: Hashable, CaseIterable {
        case street, postcode, town
    }

    @State private var street = ""
    @State private var postcode = ""
    @State private var town = ""
    @State private var message = ""
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            TextField("Street", text: $street)
                .focused($focus, equals: .street)
            TextField("Postcode", text: $postcode)
                .focused($focus, equals: .postcode)
            TextField("Town", text: $town)
                .focused($focus, equals: .town)
                .submitLabel(.done)
            Text(message)
        }
        .onSubmit {
            switch focus {
            case .street:
                focus = .postcode
            case .postcode:
                focus = .town
            case .town, nil:
                checkAll()
            }
        }
    }

    private func text(of field: Field) -> String {
        switch field {
        case .street: return street
        case .postcode: return postcode
        case .town: return town
        }
    }

    private func checkAll() {
        for field in Field.allCases where text(of: field).isEmpty {
            message = "Fill in every line."
            focus = field
            return
        }
        message = "Thank you."
        focus = nil
    }
}
