extension Lesson {
    /// Gift: the message editor's focus 0.75 s after the screen appears (and a tap that beats
    /// it), email rows focused by id, Return from row to row, and Send picking the field to fix.
    public static let giftAutoFocus = Lesson(
        id: "gift-auto-focus",
        title: "A late focus, and rows by id",
        screen: .gift,
        summary:
            "Watch the message take focus after 0.75 s, beat it with a tap, then move through email rows by id and let Send pick the field to fix.",
        steps: [
            LessonStep(
                instruction:
                    "Open Gift Message and keep your hands off it: 0.75 s after it appears, the server's timer sets focus to .message.",
                hint: "Open the screen and wait without tapping; if it is showing already, leave it and come back.",
                swift: "try? await Task.sleep(for: .milliseconds(750))  // then focus = .message",
                settings: SettingsPatch(animatedFocusChange: false),
                goal: .focus(to: "message", cause: .autoFocus),
                neutral: LessonStep.defaultNeutral + [.navigate]
            ),
            LessonStep(
                instruction: "Leave and open Gift Message again, and this time tap the first email within 0.75 s: "
                    + "your tap moves focus first, so the pending focus is cancelled and never lands.",
                hint: "The message took focus first. Leave the screen, come back, and tap an email straight away.",
                swift: ".onChange(of: focus) { autoFocus?.cancel() }  // a person's move wins",
                goal: .all([.happened(.autoFocusCancelled, key: "message"), .focus(cause: .tap)]),
                neutral: [.type, .navigate]
            ),
            LessonStep(
                instruction: "Tap Add new email: a row is appended, and focus goes to its field by the new row's id.",
                hint: "Use the Add new email button under the emails.",
                swift: "move(to: .row(id: recipient.id))  // in addRecipient()",
                goal: .all([.happened(.rowAdded), .focus(to: "row", cause: .rowAdded)]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Tap the first email and press Return: focus moves to the email in the next row.",
                hint: "Press Return in an email that is not the last one; the row below should take focus.",
                swift: "move(to: .row(id: recipients[index + 1].id))",
                goal: .focus(from: "row", to: "row", cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Press Return in the last email: no row follows, so focus becomes nil.",
                hint: "Press Return in the bottom email row.",
                swift: "focus = nil  // Return in the last email",
                goal: .focus(from: "row", to: .nothing, cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "With the message empty, tap Send the Gift: the message is checked first, so it takes focus.",
                hint: "Clear the gift message, then tap Send the Gift.",
                swift: "move(to: .message)  // send(): the message is checked first",
                goal: .all([.validation(valid: false, firstInvalid: "message"), .state(StatePattern(focus: "message"))]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction:
                    "Write a message and tap Send again: now the first email that is empty or not an address takes focus.",
                hint: "Write a message, leave an email empty or without an @, and tap Send the Gift.",
                swift: "move(to: .row(id: bad.id))",
                goal: .all([.validation(valid: false, firstInvalid: "row"), .state(StatePattern(focus: "row"))]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Give every row an address like ada@example.com and tap Send: all is valid, so focus is released.",
                hint: "Every email row needs an address like ada@example.com before Send lets focus go.",
                swift: "focus = nil  // all valid: the keyboard goes away",
                goal: .all([.validation(valid: true), .state(StatePattern(focus: .nothing))]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
        ]
    )
}
