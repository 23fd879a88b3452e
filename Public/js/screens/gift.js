// Gift Message (seed 001): an editor auto-focused 0.75 s after the screen appears unless focus moved
// first, and a list of recipient emails focused by row id.

import { swift, moveFunction } from './swift-source.js';

export default {
  id: 'gift',
  hint: 'The message gets focus 0.75 s after this screen appears, unless focus moves first. Return moves from email to email.',
  code: (settings) => swift`
import SwiftUI

enum GiftField: Hashable {
    case message
    case row(id: UUID)
}

struct GiftMessageForm: View {
    @State private var message = ""
    @State private var recipients = [Recipient()]
    @State private var autoFocus: Task<Void, Never>?
    @FocusState private var focus: GiftField? ⟦tap:>nil⟧
    let sendGift: () -> Void

    var body: some View {
        Form {
            TextEditor(text: $message) ⟦edit:message⟧
                .focused($focus, equals: .message) ⟦tap:>message⟧
            Section("Recipients") { recipientRows }
            Button("Send the Gift", action: send)
        }
        .onAppear {
            // Focus the message after 0.75 s, unless focus moved first.
            autoFocus = Task { ⟦autoFocusScheduled⟧
                try? await Task.sleep(for: .milliseconds(750))
                guard !Task.isCancelled else { return }
                focus = .message ⟦autoFocus:>message⟧
            }
        }
        .onChange(of: focus) { autoFocus?.cancel() } ⟦autoFocusCancelled⟧
        .onDisappear { autoFocus?.cancel() }
        .onSubmit(focusNextRecipient)
    }

    @ViewBuilder private var recipientRows: some View {
        ForEach($recipients) { $recipient in
            TextField("Email", text: $recipient.email) ⟦edit:row⟧
                .focused($focus, equals: .row(id: recipient.id)) ⟦tap:>row⟧
                .keyboardType(.emailAddress)
                .textInputAutocapitalization(.never)
                .submitLabel(.next)
        }
        Button("Add new email", action: addRecipient)
    }

    private func addRecipient() {
        let recipient = Recipient()
        recipients.append(recipient)
        move(to: .row(id: recipient.id)) ⟦rowAdded⟧
    }

    /// Return in an email: on to the next one, or let go after the last.
    private func focusNextRecipient() {
        guard case .row(let id)? = focus,
              let index = recipients.firstIndex(where: { $0.id == id }) else { return }
        if index + 1 < recipients.count {
            move(to: .row(id: recipients[index + 1].id)) ⟦submit:row>row⟧
        } else {
            focus = nil ⟦submit:row>nil⟧
        }
    }

    /// Send: focus the message or the first bad email, or send.
    private func send() {
        if message.isBlank || message.count > 500 { // isBlank: see Checkout
            move(to: .message) ⟦validation:>message⟧
        } else if let bad = recipients.first(where: { !$0.email.isEmailAddress }) {
            move(to: .row(id: bad.id)) ⟦validation:>row⟧
        } else {
            focus = nil ⟦validation:>nil⟧
            sendGift() ⟦validation:valid⟧
        }
    }

${moveFunction('GiftField', settings.animatedFocusChange)}
}

struct Recipient: Identifiable {
    let id = UUID()
    var email = ""
}

extension String {
    /// name@example.com: dot-separated atoms, "@", then labels
    /// of letters, digits and inner hyphens, ending in 2+ letters.
    var isEmailAddress: Bool {
        wholeMatch(of: #/[A-Za-z0-9!#$%&'*+\/=?^_${'`'}{|}~-]+(\.[A-Za-z0-9!#$%&'*+\/=?^_${'`'}{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}/#) != nil
    }
}
`,
};
