extension FocusEvent {
    /// The screens on which `events` make the on-screen keyboard dip: focus leaves a field for
    /// `nil` and goes straight on to another field, as one animated focus change does (the
    /// keyboard goes down and comes back up). In the order the screens first dip.
    public static func keyboardDips(in events: [FocusEvent]) -> [ScreenID] {
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
}
