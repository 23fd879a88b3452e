/// The lessons a server offers, in the order the page lists them. Encodes as a JSON array of
/// lessons, for the snapshot and `GET /api/lessons`.
public struct LessonCatalogue: Equatable, Sendable {
    /// The lessons, each with a distinct id.
    public let lessons: [Lesson]

    public init(lessons: [Lesson]) {
        precondition(Set(lessons.map(\.id)).count == lessons.count, "Lesson ids must be unique.")
        self.lessons = lessons
    }

    /// The lesson with this id, if any.
    public func lesson(_ id: LessonID) -> Lesson? {
        lessons.first { $0.id == id }
    }

    /// Progress at `step` of lesson `id`, no hint showing: how a lesson starts, restarts or
    /// steps back and forth. The server then applies that step's ``LessonStep/settings``.
    public func progress(_ id: LessonID, at step: Int = 0) throws(LessonError) -> LessonProgress {
        guard let lesson = lesson(id) else { throw .unknownLesson(id, known: lessons.map(\.id)) }
        return try lesson.progress(at: step)
    }
}

extension LessonCatalogue: Codable {
    public init(from decoder: any Decoder) throws {
        let lessons = try [Lesson](from: decoder)
        guard Set(lessons.map(\.id)).count == lessons.count else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "Lesson ids must be unique."))
        }
        self.lessons = lessons
    }

    public func encode(to encoder: any Encoder) throws {
        try lessons.encode(to: encoder)
    }
}
