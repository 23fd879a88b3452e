extension Lesson {
    /// The profile form from its source: Return along the chain, Previous and Next as the form's
    /// own buttons, and the keyboard bounce made by taking the transaction out of `move(to:)`
    /// and fixed by putting it back. Every step is checked from what the source does.
    public static let profileSource = Lesson(
        id: "profile-source",
        title: "Return, the toolbar and the keyboard bounce, in the code",
        screen: "ProfileForm",
        summary:
            "Walk the profile form with Return and its toolbar, then edit move(to:) to see the keyboard dip and to stop it.",
        steps: [
            LessonStep(
                instruction: "Tap First Name.",
                hint: "Tap the First Name field, the upper of the two.",
                swift: ".focused($focus, equals: .firstName)",
                goal: .focus(to: "firstName", cause: .tap),
                neutral: LessonStep.defaultNeutral + [.tap, .button]
            ),
            LessonStep(
                instruction: "Type a first name and press Return: its onSubmit moves focus to Last Name.",
                hint: "Press Return while First Name has focus; its onSubmit calls move(to: .lastName).",
                swift: ".onSubmit { move(to: .lastName) }",
                goal: .focus(from: "firstName", to: "lastName", cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Press Return in Last Name: its onSubmit sets focus to nil and the keyboard goes away.",
                hint: "Press Return while Last Name has focus.",
                swift: ".onSubmit { focus = nil }",
                goal: .focus(from: "lastName", to: .nothing, cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Tap Last Name, then Previous above the keyboard: step(by: -1) moves focus back to First Name.",
                hint: "Use the Previous button of the keyboard toolbar while Last Name has focus.",
                swift: "Button(\"Previous\") { step(by: -1) }",
                goal: .focus(from: "lastName", to: "firstName", cause: .binding),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction:
                    "Press Next: focus moves forward to Last Name. On the last field, Next finds no field and does nothing.",
                hint: "Press Next on the keyboard toolbar while First Name has focus.",
                swift: "Button(\"Next\") { step(by: +1) }",
                goal: .focus(from: "firstName", to: "lastName", cause: .binding),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "In the code, take the withTransaction out of move(to:), so its body is only `focus = field`.",
                hint: "Edit move(to:) at the end of the source: replace the withTransaction block with `focus = field`.",
                swift: "withTransaction(Transaction(animation: nil)) {",
                goal: .source(SourcePattern(lacks: "withTransaction")),
                neutral: LessonStep.defaultNeutral + [.tap, .submit, .button]
            ),
            LessonStep(
                instruction: "Tap First Name and press Return. The log shows focus at nil for a moment before Last Name: "
                    + "that gap is the keyboard dipping.",
                hint: "Press Return in First Name; an animated assignment passes through nil on its way to Last Name.",
                swift: "focus = field",
                goal: .all([
                    .focus(from: "firstName", to: .nothing, cause: .submit),
                    .focus(from: .nothing, to: "lastName", cause: .submit),
                ]),
                neutral: LessonStep.defaultNeutral + [.tap, .button]
            ),
            LessonStep(
                instruction: "Put it back: wrap `focus = field` in `withTransaction(Transaction(animation: nil)) { … }` again.",
                hint: "Edit move(to:) so its assignment sits inside withTransaction(Transaction(animation: nil)).",
                swift: "withTransaction(Transaction(animation: nil)) {",
                goal: .source(SourcePattern(contains: "withTransaction(Transaction(animation: nil))")),
                neutral: LessonStep.defaultNeutral + [.tap, .submit, .button]
            ),
            LessonStep(
                instruction:
                    "Tap First Name and press Return once more: one move, straight to Last Name, and the keyboard stays.",
                hint: "Press Return in First Name; without the animation focus goes straight to Last Name.",
                swift: ".onSubmit { move(to: .lastName) }",
                goal: .focus(from: "firstName", to: "lastName", cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap, .button]
            ),
        ],
        example: "seeds/profile"
    )
}
