/// What a learner did in one applied change, read from its events: the unit a step calls
/// right, wrong or neutral.
///
/// Cases are declared from the most telling down: a change is the first of them any of its
/// events shows. A Proceed that navigates is `validate`, not `navigate`; a tap that cancels a
/// pending auto-focus is `tap`; a navigation's focus events are part of `navigate`; a restart's
/// texts emptied and screen appearing are part of `restart`.
public enum LessonMove: String, Codable, Sendable, CaseIterable {
    /// A session's own program run again from its start (a `restart` event).
    case restart
    /// Proceed or Send (a `validation` event).
    case validate
    /// A settings switch (a `settings` event).
    case configure
    /// A row added (a `rowAdded` event).
    case addRow
    /// A row deleted (a `rowRemoved` event).
    case removeRow
    /// Another screen shown (a `navigate` event).
    case navigate
    /// Text typed (an `edit` event).
    case type
    /// A tap on a field or on nothing (a focus event caused by `tap`).
    case tap
    /// Return (a focus event caused by `submit`).
    case submit
    /// The keyboard toolbar's Previous or Next (a focus event caused by `toolbar`).
    case toolbar
    /// A button of a session's own program whose action moved focus (a focus event caused by
    /// `binding`: an assignment to the focus state).
    case button
    /// The server's own auto-focus timer landing (a focus event caused by `autoFocus` with no
    /// navigation): nobody's move.
    case timer

    /// The move a change with these events was; `nil` if no event tells.
    public init?(of events: [FocusEvent]) {
        let shown = Set(events.compactMap(Self.shown(by:)))
        guard let move = Self.allCases.first(where: shown.contains) else { return nil }
        self = move
    }

    private static func shown(by event: FocusEvent) -> LessonMove? {
        switch event {
        case .restart: .restart
        case .validation: .validate
        case .settings: .configure
        case .rowAdded: .addRow
        case .rowRemoved: .removeRow
        case .navigate: .navigate
        case .edit: .type
        case .focus(_, _, _, .tap): .tap
        case .focus(_, _, _, .submit): .submit
        case .focus(_, _, _, .toolbar): .toolbar
        case .focus(_, _, _, .binding): .button
        case .focus(_, _, _, .autoFocus): .timer
        case .focus, .autoFocusScheduled, .autoFocusCancelled, .state, .timerSet: nil
        }
    }
}
