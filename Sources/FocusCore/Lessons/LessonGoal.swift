/// What has to happen for a step to pass: data, not code, so the server can serve it and the
/// page can show it. On the wire an object with one member: `{"event":{…}}`, `{"state":{…}}`,
/// `{"source":{…}}`, `{"all":[…]}` or `{"any":[…]}`.
public indirect enum LessonGoal: Equatable, Sendable {
    /// Some event of the change matches.
    case event(EventPattern)
    /// The lesson's screen matches after the change.
    case state(StatePattern)
    /// The session's own source says this after the change.
    case source(SourcePattern)
    /// Every goal is met by the same change.
    case all([LessonGoal])
    /// At least one goal is met by the change.
    case any([LessonGoal])

    /// Whether one change, with `events` and leaving the lesson's `screen` as `after()` gives it,
    /// meets the goal.
    func isMet(by events: [FocusEvent], after: () -> LessonScene?, on screen: ScreenID) -> Bool {
        switch self {
        case .event(let pattern): events.contains { pattern.matches($0, lessonScreen: screen) }
        case .state(let pattern): after().map(pattern.matches) ?? false
        case .source(let pattern): after().map(pattern.matches) ?? false
        case .all(let goals): goals.allSatisfy { $0.isMet(by: events, after: after, on: screen) }
        case .any(let goals): goals.contains { $0.isMet(by: events, after: after, on: screen) }
        }
    }
}

extension LessonGoal: Codable {
    private enum CodingKeys: String, CodingKey {
        case event, state, source, all, any
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "A goal is an object with exactly one of 'event', 'state', 'source', 'all' or 'any'."
                ))
        }
        switch key {
        case .event: self = .event(try container.decode(EventPattern.self, forKey: key))
        case .state: self = .state(try container.decode(StatePattern.self, forKey: key))
        case .source: self = .source(try container.decode(SourcePattern.self, forKey: key))
        case .all: self = .all(try container.decode([LessonGoal].self, forKey: key))
        case .any: self = .any(try container.decode([LessonGoal].self, forKey: key))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .event(let pattern): try container.encode(pattern, forKey: .event)
        case .state(let pattern): try container.encode(pattern, forKey: .state)
        case .source(let pattern): try container.encode(pattern, forKey: .source)
        case .all(let goals): try container.encode(goals, forKey: .all)
        case .any(let goals): try container.encode(goals, forKey: .any)
        }
    }
}
