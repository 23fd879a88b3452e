extension Lesson {
    /// Checkout: Return and Proceed move focus; binding Address to `.name` by mistake shows four
    /// symptoms (appearing, Return, Proceed, a tap); binding it to `.address` again fixes them.
    public static let checkoutAmbiguous = Lesson(
        id: "checkout-ambiguous",
        title: "One key, two fields",
        screen: .checkout,
        summary:
            "Walk the form with Return and Proceed, bind Address to .name by mistake and meet four symptoms, then fix the binding.",
        steps: [
            LessonStep(
                instruction: "Open Checkout, tap Name, type a name and press Return: focus moves on to Address.",
                hint: "Type a name into Name first, then press Return there: Address should take focus.",
                swift: "case .name: move(to: .address)",
                settings: SettingsPatch(animatedFocusChange: false, ambiguousAddressBinding: false),
                goal: .all([.focus(from: "name", to: "address", cause: .submit), .state(StatePattern(filled: ["name"]))]),
                neutral: LessonStep.defaultNeutral + [.navigate, .tap]
            ),
            LessonStep(
                instruction: "Press Return in Address: focus moves on to Phone.",
                hint: "Press Return while Address has focus; Phone should take it.",
                swift: "case .address: move(to: .phone)",
                goal: .focus(from: "address", to: "phone", cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction:
                    "Leave Address empty and tap Proceed to Gift Message: focus goes to the first field that needs fixing, Address.",
                hint: "Proceed picks Address only when Name is filled in and Address is empty; clear Address and try again.",
                swift: "move(to: invalid)  // firstInvalidField: .address",
                goal: .all([.validation(valid: false, firstInvalid: "address"), .state(StatePattern(focus: "address"))]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Now make the mistake: switch on the ambiguous binding, so Address is bound to .name too. "
                    + "Address had focus, and no field answers to .address any more, so focus becomes nil.",
                hint: "Turn on the ambiguous binding switch.",
                swift: ".focused($focus, equals: .name)  // on Address, by mistake",
                goal: .settings(SettingsPatch(ambiguousAddressBinding: true))
            ),
            LessonStep(
                instruction:
                    "Symptom one: open another screen, then come back to Checkout. It sets focus to .name as it appears, "
                    + "but the caret shows in Address: of the fields bound to .name, the last one wins.",
                hint: "Go to another screen and back to Checkout, and see which field gets the caret.",
                swift: ".onAppear { focus = .name }  // two fields answer to .name",
                settings: SettingsPatch(ambiguousAddressBinding: true),
                goal: .all([.focus(to: "name", cause: .autoFocus), .state(StatePattern(focusedField: "address"))]),
                neutral: LessonStep.defaultNeutral + [.navigate]
            ),
            LessonStep(
                instruction: "Symptom two: press Return. From .name the form asks for .address, which no field is bound to, "
                    + "so focus ends at nil and the keyboard goes away.",
                hint: "Press Return while the caret is in Address (focus is .name), without typing there.",
                swift: "case .name: move(to: .address)  // no field is bound to .address",
                goal: .focus(from: "name", to: .nothing, cause: .submit),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Symptom three: tap Phone, then Proceed with Address still empty. "
                    + "Validation asks for .address, no field answers, and focus goes nowhere.",
                hint: "With Name filled in and Address empty, tap Phone and then Proceed.",
                swift: "move(to: invalid)  // .address, bound to no field",
                goal: .all([.validation(valid: false, firstInvalid: "address"), .state(StatePattern(focus: .nothing))]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction:
                    "Symptom four: tap Name. Focus is .name, yet the caret lands in Address, not in the field you tapped.",
                hint: "Tap the Name field itself and watch where the caret appears.",
                swift: ".focused($focus, equals: .name)  // on Name and on Address",
                goal: .all([.focus(to: "name", cause: .tap), .state(StatePattern(focusedField: "address"))])
            ),
            LessonStep(
                instruction: "Fix it: switch the ambiguous binding off, so Address is bound to .address again.",
                hint: "Turn the ambiguous binding switch off.",
                swift: ".focused($focus, equals: .address)  // on Address",
                goal: .settings(SettingsPatch(ambiguousAddressBinding: false)),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
            LessonStep(
                instruction: "Tap Proceed once more, Address still empty: this time focus reaches Address.",
                hint: "Leave Address empty and tap Proceed; Address should take focus and show the caret.",
                swift: "move(to: invalid)  // .address, bound to exactly one field",
                settings: SettingsPatch(ambiguousAddressBinding: false),
                goal: .all([
                    .validation(valid: false, firstInvalid: "address"),
                    .state(StatePattern(focus: "address", focusedField: "address")),
                ]),
                neutral: LessonStep.defaultNeutral + [.tap]
            ),
        ]
    )
}
