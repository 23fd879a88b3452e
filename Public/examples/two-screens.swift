import SwiftUI

/// Two screens in one source: each view that no other view uses is a screen of its own, in
/// source order.
struct NameScreen: View {
    @State private var name = ""
    @FocusState private var focused: Bool

    var body: some View {
        Form {
            TextField("Your name", text: $name)
                .focused($focused)
        }
        .onAppear {
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { focused = true }
        }
    }
}

struct CityScreen: View {
    enum Field: Hashable {
        case city, country
    }

    @State private var city = ""
    @State private var country = ""
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            TextField("City", text: $city)
                .focused($focus, equals: .city)
                .onSubmit { focus = .country }
            TextField("Country", text: $country)
                .focused($focus, equals: .country)
        }
        .defaultFocus($focus, .city)
    }
}
