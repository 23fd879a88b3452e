extension Lesson {
    /// The checkout form from its source: Return and Proceed move focus; binding Address to
    /// `.name` in the code, as seed 001's mistake does, shows its symptoms; binding it to
    /// `.address` again fixes them.
    public static let checkoutSource = Lesson(
        id: "checkout-source",
        title: "One value, two fields, in the code",
        screen: "CheckoutForm",
        summary:
            "Walk the checkout form with Return and Proceed, bind Address to .name in the code and meet the symptoms, then fix it.",
        steps: [
            LessonStep(
                instruction:
                    "Name has focus as the form appears. Type a name and press Return: the onSubmit moves focus to Address.",
                hint: "Type into Name and press Return there: the switch in onSubmit moves from .name to .address.",
                swift: "case .name: move(to: .address)",
                goal: .all([.focus(from: "name", to: "address", cause: .submit), .state(StatePattern(filled: ["name"]))]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Press Return in Address: focus moves on to Phone.",
                hint: "Press Return while Address has focus.",
                swift: "case .address: move(to: .phone)",
                goal: .focus(from: "address", to: "phone", cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction:
                    "Leave Address empty and tap Proceed to Gift Message: focus goes to the first field to fix, Address.",
                hint: "Proceed picks Address when Name is filled in and Address is empty; clear Address and tap it again.",
                swift: "move(to: invalid)",
                goal: .all([.focus(to: "address", cause: .binding), .state(StatePattern(focus: "address"))]),
                neutral: LessonStep.defaultNeutral + [.tap, .submit, .button]
            ),
            LessonStep(
                instruction: "Now make the mistake in the code: bind Address to .name, so its line reads "
                    + "`.focused($focus, equals: .name)`, and run it. The code panel warns that two fields share .name.",
                hint: "Change `.address` to `.name` in the .focused line under TextField(\"Address\"…), then Run.",
                swift: ".focused($focus, equals: .address)",
                goal: .source(SourcePattern(warning: "Two fields are bound to `.name`")),
                neutral: LessonStep.defaultNeutral + [.tap, .submit, .button]
            ),
            LessonStep(
                instruction: "Symptom one: tap Name and press Return. The onSubmit asks for .address, which no field is bound to "
                    + "now, so focus ends at nil and the keyboard goes away.",
                hint: "Tap Name, then press Return there.",
                swift: "case .name: move(to: .address)",
                goal: .focus(from: "name", to: .nothing, cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Symptom two: tap Phone, then Proceed with Address still empty. Proceed asks for .address, "
                    + "no field answers, and focus leaves Phone for nowhere.",
                hint: "With Name filled in and Address empty, tap Phone and then Proceed.",
                swift: "move(to: invalid)",
                goal: .focus(from: "phone", to: .nothing, cause: .binding),
                neutral: LessonStep.defaultNeutral + [.tap, .submit]
            ),
            LessonStep(
                instruction: "Symptom three: tap Address. The field you tapped takes the caret, and focus reads .name, "
                    + "the value it is bound to.",
                hint: "Tap the Address field and look at the value of focus.",
                swift: ".focused($focus, equals: .name)",
                goal: .all([.focus(to: "address", cause: .tap), .state(StatePattern(focus: "name"))]),
                neutral: LessonStep.defaultNeutral + [.submit, .button]
            ),
            LessonStep(
                instruction: "Fix it: bind Address to .address again and run the code. The warning goes away.",
                hint: "Change `.name` back to `.address` in the .focused line under TextField(\"Address\"…), then Run.",
                swift: ".focused($focus, equals: .address)",
                goal: .source(SourcePattern(noWarning: "Two fields are bound to")),
                neutral: LessonStep.defaultNeutral + [.tap, .submit, .button]
            ),
            LessonStep(
                instruction: "Tap Name and press Return once more: focus moves to Address, as it did at the start.",
                hint: "Tap Name, then press Return there.",
                swift: "case .name: move(to: .address)",
                goal: .focus(from: "name", to: "address", cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
        ],
        example: "seeds/checkout"
    )
}
