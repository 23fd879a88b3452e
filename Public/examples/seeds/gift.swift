import SwiftUI

enum GiftField: Hashable {
    case message
    case row(id: UUID)
}

/// Seed 001's gift message: the message editor takes focus 0.75 s after the screen appears,
/// unless focus moved first; the recipients' emails are rows focused by id; Return moves from
/// email to email; Send focuses the message or the first bad email.
struct GiftMessageForm: View {
    @State private var message = ""
    @State private var recipients = [Recipient()]
    @State private var autoFocus: Task<Void, Never>?
    @FocusState private var focus: GiftField?

    var body: some View {
        Form {
            TextEditor(text: $message)
                .focused($focus, equals: .message)
            Section("Recipients") {
                ForEach($recipients) { $recipient in
                    TextField("Email", text: $recipient.email)
                        .focused($focus, equals: .row(id: recipient.id))
                        .keyboardType(.emailAddress)
                        .textContentType(.emailAddress)
                        .textInputAutocapitalization(.never)
                        .submitLabel(.next)
                }
                Button("Add new email", action: addRecipient)
            }
            Button("Send the Gift", action: send)
        }
        .onAppear {
            // Focus the message after 0.75 s, unless focus moved first.
            autoFocus = Task {
                try? await Task.sleep(for: .milliseconds(750))
                guard !Task.isCancelled else { return }
                focus = .message
            }
        }
        .onChange(of: focus) { autoFocus?.cancel() }
        .onDisappear { autoFocus?.cancel() }
        .onSubmit(focusNextRecipient)
    }

    private func addRecipient() {
        let recipient = Recipient()
        recipients.append(recipient)
        move(to: .row(id: recipient.id))
    }

    /// Return in an email: on to the next one, or let go after the last.
    private func focusNextRecipient() {
        guard case .row(let id)? = focus,
            let index = recipients.firstIndex(where: { $0.id == id })
        else { return }
        if index + 1 < recipients.count {
            move(to: .row(id: recipients[index + 1].id))
        } else {
            focus = nil
        }
    }

    /// Send: focus the message or the first bad email, or let go of focus. (In the app a
    /// closure from the parent then sends the gift; this source is one screen, so that step is
    /// left out.)
    private func send() {
        if isBlank(message) || message.count > 500 {
            move(to: .message)
        } else if let bad = recipients.first(where: { !isEmailAddress($0.email) }) {
            move(to: .row(id: bad.id))
        } else {
            focus = nil
        }
    }

    /// Empty, or nothing but white space.
    private func isBlank(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// name@example.com: letters, digits and a few symbols before the one "@"; after it, two or
    /// more dot-separated labels of letters, digits and inner hyphens, the last of 2+ letters.
    private func isEmailAddress(_ text: String) -> Bool {
        var local = ""
        var domain = ""
        var seenAt = false
        for character in text {
            if character == "@" {
                if seenAt { return false }
                seenAt = true
            } else if seenAt {
                domain += String(character)
            } else {
                local += String(character)
            }
        }
        return seenAt && isLocalPart(local) && isDomain(domain)
    }

    private func isLocalPart(_ text: String) -> Bool {
        if text.isEmpty || text.count > 64 { return false }
        if text.hasPrefix(".") || text.hasSuffix(".") || text.contains("..") { return false }
        for character in text where !isLetter(character) && !isDigit(character) {
            if !"!#$%&'*+/=?^_`{|}~-.".contains(character) { return false }
        }
        return true
    }

    private func isDomain(_ text: String) -> Bool {
        if text.count > 253 { return false }
        var labels = [""]
        for character in text {
            if character == "." {
                labels.append("")
            } else {
                labels[labels.count - 1] += String(character)
            }
        }
        guard labels.count >= 2, let topLevel = labels.last, topLevel.count >= 2 else { return false }
        for character in topLevel where !isLetter(character) {
            return false
        }
        for label in labels {
            if label.isEmpty || label.count > 63 || label.hasPrefix("-") || label.hasSuffix("-") { return false }
            for character in label where !isLetter(character) && !isDigit(character) && character != "-" {
                return false
            }
        }
        return true
    }

    private func isLetter(_ character: Character) -> Bool {
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".contains(character)
    }

    private func isDigit(_ character: Character) -> Bool {
        "0123456789".contains(character)
    }

    /// Without animation focus goes straight to the next field, never through nil, so the
    /// keyboard stays up.
    private func move(to field: GiftField) {
        withTransaction(Transaction(animation: nil)) {
            focus = field
        }
    }
}

struct Recipient: Identifiable {
    let id = UUID()
    var email = ""
}
