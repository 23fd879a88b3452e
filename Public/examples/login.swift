import SwiftUI

/// Return walks from the username to the password; Sign In sends focus to the first empty field.
struct LoginForm: View {
    enum Field: Hashable {
        case username, password
    }

    @State private var username = ""
    @State private var password = ""
    @State private var signedIn = false
    @FocusState private var focusedField: Field?

    var body: some View {
        Form {
            TextField("Username", text: $username)
                .focused($focusedField, equals: .username)
                .textContentType(.username)
                .submitLabel(.next)
                .onSubmit { focusedField = .password }
            SecureField("Password", text: $password)
                .focused($focusedField, equals: .password)
                .textContentType(.password)
                .submitLabel(.go)
                .onSubmit { signIn() }
            Button("Sign In") { signIn() }
            if signedIn {
                Text("Welcome, \(username)!")
            }
        }
    }

    private func signIn() {
        if username.isEmpty {
            focusedField = .username
        } else if password.isEmpty {
            focusedField = .password
        } else {
            focusedField = nil
            signedIn = true
        }
    }
}
