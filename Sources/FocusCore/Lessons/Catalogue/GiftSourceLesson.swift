extension Lesson {
    /// The gift message from its source: the Task in `onAppear` that focuses the message after
    /// 0.75 s, a tap that beats it (each seen after a restart, as the form appears only when the
    /// program starts), email rows focused by their id, Return from row to row, and Send picking
    /// the field to fix. Every step is checked from what the source does.
    public static let giftSource = Lesson(
        id: "gift-source",
        title: "A sleeping task, and rows by id, in the code",
        screen: "GiftMessageForm",
        summary:
            "See the Task in onAppear focus the message after 0.75 s, beat it with a tap, then move through the email rows "
            + "by id and let Send pick the field to fix.",
        steps: [
            LessonStep(
                instruction: "Press Restart and keep your hands off the form: the program runs again from its start, so "
                    + "the form appears and its onAppear starts the Task. 0.75 s later it wakes from its sleep, finds it "
                    + "was not cancelled and sets focus to .message.",
                hint: "Press Restart, then wait without tapping: a tap before the task wakes cancels it.",
                swift: "try? await Task.sleep(for: .milliseconds(750))",
                goal: .focus(from: .nothing, to: "message", cause: .autoFocus)
            ),
            LessonStep(
                instruction: "Restart again and tap an email before 0.75 s: focus changes, so onChange(of: focus) "
                    + "cancels the task; when it wakes, `guard !Task.isCancelled` returns first, and the email keeps focus.",
                hint: "The message took focus first. Press Restart, then tap Email at once, while nothing has focus yet.",
                swift: ".onChange(of: focus) { autoFocus?.cancel() }",
                goal: .focus(from: .nothing, to: "email", cause: .tap),
                neutral: [.type, .restart]
            ),
            LessonStep(
                instruction: "With the email focused, tap Add new email: addRecipient() appends a Recipient and moves "
                    + "focus to .row(id:) with the new one's id, so its field takes focus.",
                hint: "Tap Add new email while an email field has focus.",
                swift: "move(to: .row(id: recipient.id))",
                goal: .all([.focus(from: "email", to: "email", cause: .binding), .state(StatePattern(focus: "row"))]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Tap the first email and press Return: focusNextRecipient() finds its index and focuses "
                    + "the row after it.",
                hint: "Press Return in an email that has another one below it.",
                swift: "move(to: .row(id: recipients[index + 1].id))",
                goal: .focus(from: "email", to: "email", cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Press Return in the last email: there is no row after it, so focus is set to nil.",
                hint: "Press Return in the bottom email.",
                swift: "focus = nil",
                goal: .focus(from: "email", to: .nothing, cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "With the message empty, tap Send the Gift: send() checks the message first and moves focus there.",
                hint: "Leave the message empty (clear it if you typed one) and tap Send the Gift.",
                swift: "move(to: .message)",
                goal: .all([.focus(to: "message", cause: .binding), .state(StatePattern(focus: "message"))]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Write a message and tap Send again: the message passes now, so focus goes to the first "
                    + "email that is not an address.",
                hint: "Type a message, leave an email empty or without an @, and tap Send the Gift.",
                swift: "move(to: .row(id: bad.id))",
                goal: .all([
                    .focus(to: "email", cause: .binding), .state(StatePattern(focus: "row", filled: ["message"])),
                ]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Give every email an address like ada@example.com and tap Send: nothing is left to fix, "
                    + "so send() sets focus to nil and the keyboard goes away.",
                hint: "Each email needs a whole address, like ada@example.com, before Send lets go of focus.",
                swift: "focus = nil",
                goal: .all([.focus(to: .nothing, cause: .binding), .state(StatePattern(focus: .nothing))]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
        ],
        example: "seeds/gift"
    )
}
