/// The bounds on a lesson a teacher writes for a session's own source. The session keeps it,
/// sends it in every snapshot and stores it in its log, so it stays small; its goals are checked
/// against every change, so they stay shallow.
public struct LessonBounds: Equatable, Sendable {
    public var maxSteps = 30
    /// The longest id, title, summary or step text (instruction, hint, Swift), in characters.
    public var maxIDLength = 64
    public var maxTitleLength = 120
    public var maxTextLength = 500
    /// How many goals one step may hold, counting those inside `all` and `any`, and how deeply
    /// they may nest.
    public var maxGoals = 16
    public var maxGoalDepth = 4

    public init() {}
}

extension Lesson {
    /// Checks a lesson written for a session whose source has `lineCount` lines: an id of lower
    /// case letters, digits and dashes, a title, one step or more within the bounds, each with
    /// an instruction, a line inside the source, and goals that name something.
    /// - Throws: ``LessonError/badLesson(_:)`` saying the first thing to fix.
    public func check(lineCount: Int, bounds: LessonBounds = LessonBounds()) throws(LessonError) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        guard (1...bounds.maxIDLength).contains(id.rawValue.count), id.rawValue.allSatisfy(allowed.contains) else {
            throw .badLesson(
                "A lesson's id is 1 to \(bounds.maxIDLength) lower-case letters, digits and dashes (my-login-lesson).")
        }
        try requireLength(title, named: "title", within: 1...bounds.maxTitleLength)
        try requireLength(summary, named: "summary", within: 0...bounds.maxTextLength)
        guard !screen.rawValue.isEmpty else { throw .badLesson("A lesson needs the screen it runs on.") }
        guard (1...bounds.maxSteps).contains(steps.count) else {
            throw .badLesson("A lesson has 1 to \(bounds.maxSteps) steps; this one has \(steps.count).")
        }
        for (index, step) in steps.enumerated() {
            do throws(LessonError) {
                try step.check(lineCount: lineCount, bounds: bounds)
            } catch {
                throw .badLesson("Step \(index + 1): \(error.message)")
            }
        }
    }
}

extension LessonStep {
    fileprivate func check(lineCount: Int, bounds: LessonBounds) throws(LessonError) {
        try requireLength(instruction, named: "instruction", within: 1...bounds.maxTextLength)
        try requireLength(hint, named: "hint", within: 0...bounds.maxTextLength)
        try requireLength(swift, named: "Swift line", within: 0...bounds.maxTextLength)
        if let line, !(1...max(lineCount, 1)).contains(line) {
            throw .badLesson("The line to mark is \(line), but the source has lines 1 to \(lineCount).")
        }
        var count = 0
        try goal.check(depth: 1, count: &count, bounds: bounds)
    }
}

extension LessonGoal {
    /// Bounds the goal's size and depth and refuses goals that cannot tell one change from
    /// another: an empty `all` or `any`, a pattern with no member, a name or text too long.
    fileprivate func check(depth: Int, count: inout Int, bounds: LessonBounds) throws(LessonError) {
        count += 1
        guard count <= bounds.maxGoals else { throw .badLesson("A step's goal holds more than \(bounds.maxGoals) goals.") }
        guard depth <= bounds.maxGoalDepth else {
            throw .badLesson("A step's goals nest more than \(bounds.maxGoalDepth) deep.")
        }
        let texts: [String?]
        switch self {
        case .event(let pattern):
            guard pattern != EventPattern() else {
                throw .badLesson("An event goal names at least its kind, e.g. {\"event\":{\"kind\":\"focus\",\"to\":\"name\"}}.")
            }
            texts = [pattern.screen?.rawValue, pattern.from?.name, pattern.to?.name, pattern.key?.name]
        case .state(let pattern):
            guard pattern != StatePattern() else {
                throw .badLesson("A state goal names what to look at, e.g. {\"state\":{\"focus\":\"name\"}}.")
            }
            guard (pattern.filled ?? []).count <= bounds.maxGoals else {
                throw .badLesson("A state goal names more than \(bounds.maxGoals) fields to fill.")
            }
            texts = [pattern.focus?.name, pattern.focusedField?.name] + (pattern.filled ?? []).map(\.rawValue)
        case .source(let pattern):
            guard pattern != SourcePattern() else {
                throw .badLesson("A source goal names some text, e.g. {\"source\":{\"contains\":\"focused\"}}.")
            }
            texts = [pattern.contains, pattern.lacks, pattern.warning, pattern.noWarning]
        case .all(let goals), .any(let goals):
            guard !goals.isEmpty else { throw .badLesson("An 'all' or 'any' goal lists at least one goal.") }
            for goal in goals { try goal.check(depth: depth + 1, count: &count, bounds: bounds) }
            texts = []
        }
        for case let text? in texts where text.isEmpty || text.count > bounds.maxTextLength {
            throw .badLesson("A goal names an empty text, or one longer than \(bounds.maxTextLength) characters.")
        }
    }
}

extension NamePattern {
    /// The name matched, or `nil` for ``nothing``.
    fileprivate var name: String? {
        if case .named(let name) = self { return name }
        return nil
    }
}

/// Refuses `text` unless its length in characters is within `range`, naming it `name`.
private func requireLength(_ text: String, named name: String, within range: ClosedRange<Int>) throws(LessonError) {
    guard range.contains(text.count) else {
        throw .badLesson(
            range.lowerBound > 0 && text.isEmpty
                ? "The \(name) is empty; write one." : "The \(name) is longer than \(range.upperBound) characters.")
    }
}
