import SwiftUI

/// A keyboard toolbar with Previous and Next, each disabled at its end, and Done, which lets go.
struct PaymentForm: View {
    enum Field: Int, Hashable, CaseIterable {
        case cardNumber, expiry, securityCode
    }

    @State private var cardNumber = ""
    @State private var expiry = ""
    @State private var securityCode = ""
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            TextField("Card number", text: $cardNumber)
                .focused($focus, equals: .cardNumber)
                .keyboardType(.numberPad)
            TextField("Expiry (MM/YY)", text: $expiry)
                .focused($focus, equals: .expiry)
            SecureField("Security code", text: $securityCode)
                .focused($focus, equals: .securityCode)
        }
        .toolbar {
            ToolbarItemGroup(placement: .keyboard) {
                Button("Previous") { step(by: -1) }
                    .disabled(focus == .cardNumber)
                Button("Next") { step(by: 1) }
                    .disabled(focus == .securityCode)
                Spacer()
                Button("Done") { focus = nil }
            }
        }
    }

    private func step(by offset: Int) {
        guard let current = focus else { return }
        focus = Field(rawValue: current.rawValue + offset)
    }
}
