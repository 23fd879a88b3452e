/// A focus event a step waits for, written like the event itself with only the members that
/// matter: `{"kind":"focus","from":"name","to":null,"cause":"submit"}`. A member left out
/// matches anything; a member given must be on the event and match it.
///
/// Unless ``screen`` says otherwise, an event that happens on a screen must happen on the
/// lesson's screen (navigation and settings events happen on none).
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
    /// Whether a validation found every field valid.
    public var valid: Bool?
    /// The first invalid field a validation found (`null` when all were valid).
    public var firstInvalid: NamePattern?
    /// The key an edit or an auto-focus names.
    public var key: NamePattern?
    /// Switches a settings event must have set to these values (others may change too).
    public var settings: SettingsPatch?

    public init(
        kind: EventKind? = nil,
        screen: ScreenID? = nil,
        from: NamePattern? = nil,
        to: NamePattern? = nil,
        cause: FocusCause? = nil,
        valid: Bool? = nil,
        firstInvalid: NamePattern? = nil,
        key: NamePattern? = nil,
        settings: SettingsPatch? = nil
    ) {
        self.kind = kind
        self.screen = screen
        self.from = from
        self.to = to
        self.cause = cause
        self.valid = valid
        self.firstInvalid = firstInvalid
        self.key = key
        self.settings = settings
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
        return Self.matches(from, members.from) && Self.matches(to, members.to)
            && Self.matches(firstInvalid, members.firstInvalid) && Self.matches(key, members.key)
            && (cause == nil || cause == members.cause) && (valid == nil || valid == members.valid)
            && Self.matches(settings, members.settings)
    }

    private static func matches(_ pattern: NamePattern?, _ member: String??) -> Bool {
        guard let pattern else { return true }
        guard case .some(let name) = member else { return false }
        return pattern.matches(name)
    }

    private static func matches(_ pattern: SettingsPatch?, _ member: SettingsPatch?) -> Bool {
        guard let pattern else { return true }
        guard let member else { return false }
        return pattern.isSubpatch(of: member)
    }

    /// An event's members as patterns read them: `nil` where the event has no such member,
    /// `.some(nil)` where it has one that is `null`.
    private struct Members {
        var from: String??
        var to: String??
        var firstInvalid: String??
        var key: String??
        var cause: FocusCause?
        var valid: Bool?
        var settings: SettingsPatch?

        init(_ event: FocusEvent) {
            switch event {
            case .focus(_, let from, let to, let cause):
                self.from = .some(from?.name)
                self.to = .some(to?.name)
                self.cause = cause
            case .navigate(let from, let to):
                self.from = .some(from.rawValue)
                self.to = .some(to.rawValue)
            case .validation(_, let valid, let firstInvalid):
                self.valid = valid
                self.firstInvalid = .some(firstInvalid?.name)
            case .edit(_, let key, _), .autoFocusScheduled(_, let key, _), .autoFocusCancelled(_, let key):
                self.key = .some(key.name)
            case .settings(let patch):
                settings = patch
            case .rowAdded, .rowRemoved, .state, .timerSet, .restart:
                break
            }
        }
    }
}

extension SettingsPatch {
    /// Whether every switch `self` names is set to the same value in `other`.
    fileprivate func isSubpatch(of other: SettingsPatch) -> Bool {
        (animatedFocusChange == nil || animatedFocusChange == other.animatedFocusChange)
            && (ambiguousAddressBinding == nil || ambiguousAddressBinding == other.ambiguousAddressBinding)
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
        valid = try container.decodeIfPresent(Bool.self, forKey: .valid)
        firstInvalid = try container.decodeNamePattern(forKey: .firstInvalid)
        key = try container.decodeNamePattern(forKey: .key)
        settings = try container.decodeIfPresent(SettingsPatch.self, forKey: .settings)
    }
}
