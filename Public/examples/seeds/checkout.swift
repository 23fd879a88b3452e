import SwiftUI

enum CheckoutField: Hashable {
    case name, address, phone
}

/// Seed 001's checkout form: Name has focus when the form appears, Return walks Name → Address →
/// Phone and then lets go, and Proceed focuses the first field to fix.
struct CheckoutForm: View {
    @State private var name = ""
    @State private var address = ""
    @State private var phone = ""
    @FocusState private var focus: CheckoutField?

    var body: some View {
        Form {
            TextField("Name", text: $name)
                .focused($focus, equals: .name)
                .textContentType(.name)
                .submitLabel(.next)
            TextField("Address", text: $address)
                .focused($focus, equals: .address)
                .textContentType(.streetAddressLine1)
                .submitLabel(.next)
            TextField("Phone", text: $phone)
                .focused($focus, equals: .phone)
                .keyboardType(.phonePad)
                .textContentType(.telephoneNumber)
                .submitLabel(.done)
            Button("Proceed to Gift Message", action: proceed)
        }
        .onAppear { focus = .name }
        .onSubmit {
            switch focus {
            case .name: move(to: .address)
            case .address: move(to: .phone)
            case .phone, nil: focus = nil
            }
        }
    }

    /// Proceed: focus the first field to fix, or let go of focus. (In the app a closure from
    /// the parent then shows the gift message; this source is one screen, so that step is left
    /// out.)
    private func proceed() {
        if let invalid = firstInvalidField {
            move(to: invalid)
        } else {
            focus = nil
        }
    }

    /// Checked in the order Return walks the fields.
    private var firstInvalidField: CheckoutField? {
        if isBlank(name) || name.count > 100 { return .name }
        if isBlank(address) || address.count > 200 { return .address }
        if isBlank(phone) || !isPhoneNumber(phone) { return .phone }
        return nil
    }

    /// Empty, or nothing but white space.
    private func isBlank(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// 7 to 15 digits; a "+" only in front; spaces, dashes and parentheses (not nested) between.
    private func isPhoneNumber(_ text: String) -> Bool {
        var digits = 0
        var position = 0
        var insideParentheses = false
        for character in text {
            if "0123456789".contains(character) {
                digits += 1
            } else if character == "+" {
                if position != 0 { return false }
            } else if character == "(" {
                if insideParentheses { return false }
                insideParentheses = true
            } else if character == ")" {
                if !insideParentheses { return false }
                insideParentheses = false
            } else if character != " " && character != "-" {
                return false
            }
            position += 1
        }
        return !insideParentheses && digits >= 7 && digits <= 15
    }

    /// Without animation focus goes straight to the next field, never through nil, so the
    /// keyboard stays up.
    private func move(to field: CheckoutField) {
        withTransaction(Transaction(animation: nil)) {
            focus = field
        }
    }
}
