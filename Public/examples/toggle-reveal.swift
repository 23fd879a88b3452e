import SwiftUI

/// A toggle reveals a field; switching it on focuses the new field at once.
struct GiftOptions: View {
    enum Field: Hashable {
        case recipient, card
    }

    @State private var recipient = ""
    @State private var addCard = false
    @State private var cardText = ""
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            TextField("Recipient", text: $recipient)
                .focused($focus, equals: .recipient)
            Toggle("Add a card", isOn: $addCard)
            if addCard {
                TextEditor(text: $cardText)
                    .focused($focus, equals: .card)
            }
            Button("Write the card") {
                addCard = true
                focus = .card
            }
        }
    }
}
