import SwiftUI

struct SignUp: View {
    enum Field: Hashable {
        case username, email, password
    }

    @State private var username = ""
    @State private var email = ""
    @State private var password = ""
    @State private var note = ""
    @FocusState private var focusedField: Field?

    var body: some View {
        Form {
            TextField("Username", text: $username)
                .focused($focusedField, equals: .username)
            TextField("Email", text: $email)
                .focused($focusedField, equals: .email)
            SecureField("Password", text: $password)
                .focused($focusedField, equals: .password)
            Button("Sign Up") { validate() }
            Button("Later") {
                note = "waiting"
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                    focusedField = .password
                }
            }
        }
    }

    func validate() {
        if username.isEmpty {
            focusedField = .username
        } else if email.isEmpty || !email.contains("@") {
            focusedField = .email
        } else if password.isEmpty {
            focusedField = .password
        } else {
            focusedField = nil
        }
    }
}
