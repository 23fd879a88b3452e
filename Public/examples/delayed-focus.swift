import SwiftUI

/// Focus that arrives late: the code field is focused 0.5 s after the screen appears, through
/// `Task.sleep`; Resend moves focus back to it after a second, through `asyncAfter`.
struct VerificationForm: View {
    enum Field: Hashable {
        case code
    }

    @State private var code = ""
    @State private var status = "We sent you a code."
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            Text(status)
            TextField("Code", text: $code)
                .focused($focus, equals: .code)
                .keyboardType(.numberPad)
                .textContentType(.oneTimeCode)
            Button("Resend") { resend() }
        }
        .task {
            try? await Task.sleep(for: .milliseconds(500))
            focus = .code
        }
    }

    private func resend() {
        focus = nil
        status = "A new code is on its way."
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
            focus = .code
        }
    }
}
