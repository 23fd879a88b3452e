/// What a session's own source must say after a change, for a step that asks for an edit of
/// the code: `{"contains":"withTransaction"}`, `{"warning":"Two fields are bound to"}`. A member
/// left out matches anything; every member given must hold.
public struct SourcePattern: Codable, Equatable, Sendable {
    /// Text the source must contain.
    public var contains: String?
    /// Text the source must not contain.
    public var lacks: String?
    /// Text some warning about the source must contain.
    public var warning: String?
    /// Text no warning about the source may contain.
    public var noWarning: String?

    public init(contains: String? = nil, lacks: String? = nil, warning: String? = nil, noWarning: String? = nil) {
        self.contains = contains
        self.lacks = lacks
        self.warning = warning
        self.noWarning = noWarning
    }

    /// Whether `scene`'s source says this; never while a newer text is being read (it has none).
    func matches(_ scene: LessonScene) -> Bool {
        guard let source = scene.source else { return false }
        return (contains.map { source.contains($0) } ?? true)
            && (lacks.map { !source.contains($0) } ?? true)
            && (warning.map { text in scene.warnings.contains { $0.contains(text) } } ?? true)
            && (noWarning.map { text in !scene.warnings.contains { $0.contains(text) } } ?? true)
    }
}
