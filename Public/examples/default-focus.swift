import SwiftUI

/// `defaultFocus` puts focus in the amount when the screen appears, without an `onAppear`.
struct TipCalculator: View {
    enum Field: Hashable {
        case amount, people
    }

    @State private var amount = ""
    @State private var people = "2"
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            TextField("Amount", text: $amount)
                .focused($focus, equals: .amount)
                .keyboardType(.decimalPad)
            TextField("People", text: $people)
                .focused($focus, equals: .people)
                .keyboardType(.numberPad)
            Text("Split between \(people) people")
        }
        .defaultFocus($focus, .amount)
    }
}
