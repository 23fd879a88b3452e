/// Short spellings for the goals the catalogue uses most.
extension LessonGoal {
    /// Focus moved (`from` and `to` left `nil` match anything; ``NamePattern/nothing`` is nil focus).
    static func focus(from: NamePattern? = nil, to: NamePattern? = nil, cause: FocusCause? = nil) -> LessonGoal {
        .event(EventPattern(kind: .focus, from: from, to: to, cause: cause))
    }

    /// An event of this kind happened, naming `key` if given.
    static func happened(_ kind: EventKind, key: NamePattern? = nil) -> LessonGoal {
        .event(EventPattern(kind: kind, key: key))
    }
}
