import SwiftUI

/// Each field has a check of its own; Create Account focuses the first field that fails it and
/// says why underneath.
struct SignUpForm: View {
    enum Field: Int, Hashable, CaseIterable {
        case name, email, password, confirmation
    }

    @State private var name = ""
    @State private var email = ""
    @State private var password = ""
    @State private var confirmation = ""
    @State private var problem = ""
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            Section("You") {
                TextField("Name", text: $name)
                    .focused($focus, equals: .name)
                    .textContentType(.name)
                TextField("Email", text: $email)
                    .focused($focus, equals: .email)
                    .keyboardType(.emailAddress)
                    .textContentType(.emailAddress)
            }
            Section("Password") {
                SecureField("Password", text: $password)
                    .focused($focus, equals: .password)
                SecureField("Repeat password", text: $confirmation)
                    .focused($focus, equals: .confirmation)
                    .submitLabel(.done)
            }
            if !problem.isEmpty {
                Text(problem)
            }
            Button("Create Account") { createAccount() }
        }
        .submitLabel(.next)
        .onSubmit { advance() }
    }

    /// Return: on to the next field by raw value, and let go after the last.
    private func advance() {
        guard let current = focus else { return }
        focus = Field(rawValue: current.rawValue + 1)
    }

    private func createAccount() {
        if let field = firstInvalidField() {
            focus = field
        } else {
            problem = ""
            focus = nil
        }
    }

    private func firstInvalidField() -> Field? {
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
            problem = "Tell us your name."
            return .name
        }
        if !isEmailAddress(email) {
            problem = "That email address is missing its @ or its domain."
            return .email
        }
        if password.count < 8 {
            problem = "A password needs 8 characters or more."
            return .password
        }
        if confirmation != password {
            problem = "The two passwords are not the same."
            return .confirmation
        }
        return nil
    }

    private func isEmailAddress(_ text: String) -> Bool {
        text.contains("@") && text.contains(".") && !text.hasPrefix("@") && !text.hasSuffix(".")
    }
}
