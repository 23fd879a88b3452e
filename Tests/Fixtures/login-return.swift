import SwiftUI

struct LoginForm: View {
    enum Field: Hashable {
        case username, password
    }

    @State private var username = ""
    @State private var password = ""
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            TextField("Username", text: $username)
                .focused($focus, equals: .username)
                .onSubmit { focus = .password }
            TextField("Password", text: $password)
                .focused($focus, equals: .password)
        }
    }
}
