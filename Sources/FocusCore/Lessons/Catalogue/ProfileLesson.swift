extension Lesson {
    /// Profile: Return along the chain (`.next`, then `.done`), the keyboard toolbar, and the
    /// keyboard bounce of an animated focus change, fixed with a transaction without animation.
    public static let profileKeyboard = Lesson(
        id: "profile-keyboard",
        title: "Return, the toolbar and the keyboard bounce",
        screen: .profile,
        summary:
            "Move focus with Return and the keyboard toolbar, then see why an animated move makes the keyboard dip, and stop it.",
        steps: [
            LessonStep(
                instruction: "On the Profile screen, tap First Name.",
                hint: "Tap the First Name field, the upper of the two (open Profile first if another screen is showing).",
                swift: ".focused($focus, equals: .firstName)",
                settings: SettingsPatch(animatedFocusChange: false),
                goal: .focus(to: "firstName", cause: .tap),
                // Taps are neutral: if First Name has focus already, a second tap changes nothing.
                neutral: LessonStep.defaultNeutral + [.navigate, .tap]
            ),
            LessonStep(
                instruction: "Type a first name and press Return. The key reads “next”, and focus moves on to Last Name.",
                hint: "Use the keyboard's Return key, not the toolbar, while First Name has focus: Last Name should take it.",
                swift: ".onSubmit { move(to: .lastName) }  // First Name, .submitLabel(.next)",
                goal: .focus(from: "firstName", to: "lastName", cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Press Return in Last Name. Its key reads “done”: focus becomes nil and the keyboard goes away.",
                hint: "Return in Last Name ends editing; make sure Last Name has focus when you press it.",
                swift: ".onSubmit { focus = nil }  // Last Name, .submitLabel(.done)",
                goal: .focus(from: "lastName", to: .nothing, cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Tap Last Name, then press Previous on the keyboard toolbar: focus steps back to First Name.",
                hint: "Use Previous on the toolbar above the keyboard while Last Name has focus.",
                swift: "Button(\"Previous\") { step(by: -1) }  // .lastName to .firstName",
                goal: .focus(from: "lastName", to: "firstName", cause: .toolbar),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Press Next: focus steps forward to Last Name. On the last field Next has nowhere to go.",
                hint: "Press Next on the keyboard toolbar while First Name has focus.",
                swift: "Button(\"Next\") { step(by: +1) }  // .firstName to .lastName",
                goal: .focus(from: "firstName", to: "lastName", cause: .toolbar),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Focus changes are animated now, as a bare assignment is. Tap First Name and press Return, "
                    + "and watch the event log: focus is nil for a moment before Last Name gets it. That gap is the keyboard dipping.",
                hint: "Press Return in First Name; with the animation on, focus passes through nil on its way to Last Name.",
                swift: "focus = field  // move(to:) without a transaction: nil in between",
                settings: SettingsPatch(animatedFocusChange: true),
                goal: .all([
                    .focus(from: "firstName", to: .nothing, cause: .submit),
                    .focus(from: .nothing, to: "lastName", cause: .submit),
                ]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction:
                    "Fix it by moving focus inside a transaction that has no animation: switch off the animated focus change.",
                hint: "Turn the animated focus change switch off; that is what the transaction does for this move.",
                swift: "withTransaction(Transaction(animation: nil)) { focus = field }",
                goal: .settings(SettingsPatch(animatedFocusChange: false))
            ),
            LessonStep(
                instruction:
                    "Tap First Name and press Return again: one event, straight from First Name to Last Name, and the keyboard stays put.",
                hint: "Press Return in First Name; without the animation focus goes straight to Last Name.",
                swift: ".onSubmit { move(to: .lastName) }  // straight there, no nil",
                settings: SettingsPatch(animatedFocusChange: false),
                goal: .focus(from: "firstName", to: "lastName", cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
        ]
    )
}
