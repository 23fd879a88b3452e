// Checkout (seed 001): Return walks name → address → phone → nil; Proceed focuses the first invalid field.

import { swift, moveFunction } from './swift-source.js';

/** The Address binding: right, or bound to `.name` by mistake (then a tap on either field shows focus in Address). */
function addressBinding(ambiguous) {
  return ambiguous
    ? '                .focused($focus, equals: .name) // ⚠︎ twice ⟦tap:>name,binding⟧'
    : '                .focused($focus, equals: .address) ⟦tap:>address⟧';
}

export default {
  id: 'checkout',
  hint: 'Return walks Name → Address → Phone. Proceed focuses the first field that needs fixing.',
  code: (settings) => swift`
import SwiftUI

enum CheckoutField: Hashable {
    case name, address, phone
}

struct CheckoutForm: View {
    @State private var name = ""
    @State private var address = ""
    @State private var phone = ""
    @FocusState private var focus: CheckoutField? ⟦tap:>nil⟧
    let proceedToGiftMessage: () -> Void

    var body: some View {
        Form {
            TextField("Name", text: $name) ⟦edit:name⟧
                .focused($focus, equals: .name)${settings.ambiguousAddressBinding ? '' : ' ⟦tap:>name⟧'}
                .submitLabel(.next)
            TextField("Address", text: $address) ⟦edit:address⟧
${addressBinding(settings.ambiguousAddressBinding)}
                .submitLabel(.next)
            TextField("Phone", text: $phone) ⟦edit:phone⟧
                .focused($focus, equals: .phone) ⟦tap:>phone⟧
                .submitLabel(.done)
            Button("Proceed to Gift Message", action: proceed)
        }
        .onAppear { focus = .name } ⟦autoFocus:>name⟧
        .onSubmit {
            switch focus {
            case .name: move(to: .address) ⟦submit:name>⟧
            case .address: move(to: .phone) ⟦submit:address>⟧
            case .phone, nil: focus = nil ⟦submit:phone>⟧
            }
        }
    }

    /// Proceed: focus the first field to fix, or move on.
    private func proceed() {
        if let invalid = firstInvalidField {
            move(to: invalid)
        } else {
            focus = nil ⟦validation:>nil⟧
            proceedToGiftMessage() ⟦validation:valid⟧
        }
    }

    /// Checked in the order Return walks the fields.
    private var firstInvalidField: CheckoutField? {
        if name.isBlank || name.count > 100 { return .name } ⟦validation:>name⟧
        if address.isBlank || address.count > 200 { return .address } ⟦validation:>address⟧
        if !phone.isPhoneNumber { return .phone } ⟦validation:>phone⟧
        return nil
    }

${moveFunction('CheckoutField', settings.animatedFocusChange)}
}

extension String {
    /// Empty, or nothing but white space.
    var isBlank: Bool { allSatisfy(\.isWhitespace) }

    /// 7 to 15 digits; a "+" only in front; spaces, dashes
    /// and one level of parentheses between them.
    var isPhoneNumber: Bool {
        let digits = filter { $0.isASCII && $0.isNumber }.count
        return (7...15).contains(digits)
            && wholeMatch(of: #/\+?[0-9 -]*(\([0-9 -]*\)[0-9 -]*)*/#) != nil
    }
}
`,
};
