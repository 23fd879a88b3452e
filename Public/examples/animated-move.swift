import SwiftUI

/// The same move two ways: Next without animation goes straight to the next field; Next with
/// animation passes through `nil` on its way, and the keyboard dips.
struct MessageComposer: View {
    enum Field: Hashable {
        case to, subject, message
    }

    @State private var to = ""
    @State private var subject = ""
    @State private var message = ""
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            TextField("To", text: $to)
                .focused($focus, equals: .to)
            TextField("Subject", text: $subject)
                .focused($focus, equals: .subject)
            TextEditor(text: $message)
                .focused($focus, equals: .message)
            HStack {
                Button("Next") { withTransaction(Transaction(animation: nil)) { focus = next() } }
                Button("Next, animated") { withAnimation { focus = next() } }
            }
        }
    }

    private func next() -> Field? {
        switch focus {
        case .to: return .subject
        case .subject: return .message
        case .message: return nil
        case nil: return .to
        }
    }
}
