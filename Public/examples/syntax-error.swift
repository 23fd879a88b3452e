import SwiftUI

/// This one does not parse: the `TextField` call is missing its closing parenthesis, so the
/// session refuses it with the parser's own message and keeps running what it ran before.
struct BrokenForm: View {
    @State private var name = ""
    @FocusState private var focused: Bool

    var body: some View {
        Form {
            TextField("Name", text: $name
                .focused($focused)
        }
    }
}
