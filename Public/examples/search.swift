import SwiftUI

/// A search field with a `Bool` focus state: the button puts focus in it, Return searches and lets
/// go, and Cancel appears only while the field has focus.
struct SearchScreen: View {
    @State private var query = ""
    @State private var searched = ""
    @FocusState private var isSearching: Bool

    var body: some View {
        VStack {
            HStack {
                TextField("Search", text: $query)
                    .focused($isSearching)
                    .submitLabel(.search)
                    .onSubmit {
                        searched = query
                        isSearching = false
                    }
                if isSearching {
                    Button("Cancel") {
                        query = ""
                        isSearching = false
                    }
                }
            }
            Button("Find something") { isSearching = true }
            if !searched.isEmpty {
                Text("Results for \(searched)")
            }
        }
    }
}
