extension FocusEvent {
    /// The screens on which `events` make the on-screen keyboard dip: focus leaves a field for
    /// `nil` and goes straight on to another field, as one animated focus change does (the
    /// keyboard goes down and comes back up). In the order the screens first dip.
    public static func keyboardDips(in events: [FocusEvent]) -> [ScreenID] {
        // Most changes have no focus leaving a field for nil, so no dip: no table for them.
        guard events.contains(where: \.leavesForNil) else { return [] }
        var lastMove: [ScreenID: (from: FocusKey?, to: FocusKey?)] = [:]
        var dips: [ScreenID] = []
        for case .focus(let screen, let from, let to, _) in events {
            if let previous = lastMove[screen], previous.from != nil, previous.to == nil, from == nil, to != nil,
                !dips.contains(screen)
            {
                dips.append(screen)
            }
            lastMove[screen] = (from, to)
        }
        return dips
    }

    /// Whether this is focus leaving a field for no field.
    private var leavesForNil: Bool {
        if case .focus(_, .some, nil, _) = self { return true }
        return false
    }
}
