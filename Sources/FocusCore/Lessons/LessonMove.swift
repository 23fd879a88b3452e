/// What a learner did in one applied change, read from its events: the unit a step calls
/// right, wrong or neutral.
///
/// Cases are declared from the most telling down: a change is the first of them any of its
/// events shows. A navigation's focus events are part of `navigate`; a restart's texts emptied
/// and screen appearing are part of `restart`.
public enum LessonMove: String, Codable, Sendable, CaseIterable {
    /// A session's own program run again from its start (a `restart` event).
    case restart
    /// Another screen shown (a `navigate` event).
    case navigate
    /// Text typed (an `edit` event).
    case type
    /// A tap on a field or on nothing, or the keyboard's dismiss key (a focus event caused by
    /// `tap` or `dismiss`).
    case tap
    /// Return (a focus event caused by `submit`).
    case submit
    /// A button of a session's own program whose action moved focus (a focus event caused by
    /// `binding`: an assignment to the focus state).
    case button
    /// The program focusing a field on its own (a focus event caused by `autoFocus`): nobody's
    /// move.
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
        case .navigate: .navigate
        case .edit: .type
        case .focus(_, _, _, .tap), .focus(_, _, _, .dismiss): .tap
        case .focus(_, _, _, .submit): .submit
        case .focus(_, _, _, .binding): .button
        case .focus(_, _, _, .autoFocus): .timer
        case .focus, .state, .timerSet: nil
        }
    }
}
