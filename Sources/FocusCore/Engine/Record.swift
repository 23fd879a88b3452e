/// The events and effects collected while one intent is applied.
struct Record {
    var events: [FocusEvent] = []
    var effects: [Effect] = []
    /// Why nothing changed, should no event happen.
    var unchangedReason = AckReason.unchanged

    var outcome: Outcome {
        events.isEmpty ? .unchanged(unchangedReason) : .applied(events: events, effects: effects)
    }
}
