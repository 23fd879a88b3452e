/// A focus event a step waits for, written like the event itself with only the members that
/// matter: `{"kind":"focus","from":"name","to":null,"cause":"submit"}`. A member left out
/// matches anything; a member given must be on the event and match it.
///
/// Unless ``screen`` says otherwise, an event that happens on a screen must happen on the
/// lesson's screen (navigation events happen on none).
public struct EventPattern: Equatable, Sendable {
    /// The event's kind.
    public var kind: EventKind?
    /// The screen the event happened on, when not the lesson's own.
    public var screen: ScreenID?
    /// Focus before (focus events) or the screen left (navigation).
    public var from: NamePattern?
    /// Focus after (focus events) or the screen shown (navigation).
    public var to: NamePattern?
    /// Why focus moved.
    public var cause: FocusCause?
    /// The key an edit names.
    public var key: NamePattern?

    public init(
        kind: EventKind? = nil,
        screen: ScreenID? = nil,
        from: NamePattern? = nil,
        to: NamePattern? = nil,
        cause: FocusCause? = nil,
        key: NamePattern? = nil
    ) {
        self.kind = kind
        self.screen = screen
        self.from = from
        self.to = to
        self.cause = cause
        self.key = key
    }

    /// Whether `event` matches, in a lesson on `lessonScreen`.
    func matches(_ event: FocusEvent, lessonScreen: ScreenID) -> Bool {
        if let kind, !kind.matches(event) { return false }
        if let screen {
            guard event.screen == screen else { return false }
        } else if let eventScreen = event.screen, eventScreen != lessonScreen {
            return false
        }
        let members = Members(event)
        return Self.matches(from, members.from) && Self.matches(to, members.to) && Self.matches(key, members.key)
            && (cause == nil || cause == members.cause)
    }

    private static func matches(_ pattern: NamePattern?, _ member: String??) -> Bool {
        guard let pattern else { return true }
        guard case .some(let name) = member else { return false }
        return pattern.matches(name)
    }

    /// An event's members as patterns read them: `nil` where the event has no such member,
    /// `.some(nil)` where it has one that is `null`.
    private struct Members {
        var from: String??
        var to: String??
        var key: String??
        var cause: FocusCause?

        init(_ event: FocusEvent) {
            switch event {
            case .focus(_, let from, let to, let cause):
                self.from = .some(from?.name)
                self.to = .some(to?.name)
                self.cause = cause
            case .navigate(let from, let to):
                self.from = .some(from.rawValue)
                self.to = .some(to.rawValue)
            case .edit(_, let key, _):
                self.key = .some(key.name)
            case .state, .timerSet, .restart:
                break
            }
        }
    }
}

extension EventPattern: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decodeIfPresent(EventKind.self, forKey: .kind)
        screen = try container.decodeIfPresent(ScreenID.self, forKey: .screen)
        from = try container.decodeNamePattern(forKey: .from)
        to = try container.decodeNamePattern(forKey: .to)
        cause = try container.decodeIfPresent(FocusCause.self, forKey: .cause)
        key = try container.decodeNamePattern(forKey: .key)
    }
}
