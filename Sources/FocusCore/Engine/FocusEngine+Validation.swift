extension FocusEngine {
    /// The validate button: checks every field, files the errors, then focuses the first
    /// invalid field in chain order, or releases focus when all are valid (and, on a screen
    /// whose button navigates, moves on).
    func validate(_ slot: ScreenSlot, in state: inout SessionState, record: inout Record) throws(FocusError) {
        var destination: ScreenSlot?
        if let id = slot.declaration.validateButton?.navigatesOnValid {
            destination = try self.slot(of: id, in: state)
        }
        let chain = FocusChain(slot.declaration, state.screens[slot.index])
        var errors: [FocusKey: String] = [:]
        var firstInvalid: FocusKey?
        for link in chain {
            guard let problem = ValidationRule.firstProblem(in: link.rules, with: state.screens[slot.index].value(link.key))
            else { continue }
            errors[link.key] = problem
            firstInvalid = firstInvalid ?? link.key
        }
        let valid = firstInvalid == nil
        state.screens[slot.index].errors = errors
        state.screens[slot.index].staleErrors = []
        state.screens[slot.index].validation = valid ? .valid : .invalid
        record.events.append(.validation(screen: slot.id, valid: valid, firstInvalid: firstInvalid))
        moveFocus(to: firstInvalid, cause: .validation, on: slot, in: &state, record: &record)
        if valid, let destination {
            show(destination, in: &state, record: &record)
        }
    }
}
