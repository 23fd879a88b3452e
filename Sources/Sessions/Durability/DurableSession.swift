import FocusCore
import FocusProtocol

/// Everything a session must keep across a restart, as one snapshot: its capabilities, revision,
/// the tabs it remembers (names, colours, last `seq`), its recent log, and its source with its
/// program's run.
public struct DurableSession: Codable, Equatable, Sendable {
    public var id: String
    public var viewer: String
    public var revision: Int
    public var members: [DurableMember]
    /// How many members ever joined (the next member id follows from it).
    public var joinedEver: Int
    public var log: [LogEntry]
    /// The lesson the session follows, and how far it got.
    public var lesson: LessonProgress?
    /// The lesson a teacher wrote for the session's own source, if any.
    public var customLesson: Lesson? = nil
    /// The session's SwiftUI source and its program's run (`nil` only in a session an earlier
    /// FocusSync stored on its built-in screens, which cannot be restored).
    public var source: String? = nil
    public var run: ProgramRun? = nil
    /// The source as members edited it, when it is not the one that runs (a newer text with
    /// errors, or one still being compiled).
    public var sourceText: String? = nil
    /// While members' last edit of the source has not been read yet (the host is compiling it):
    /// the diagnostics shown meanwhile, those of the text read before (and no colours). `nil`
    /// once it is read. A session restored without it would take the text as read, and the
    /// reading that follows in its log would then change nothing.
    public var sourceDiagnostics: [SourceDiagnostic]? = nil
    /// For a fork, the editor id of the session it was forked from.
    public var parent: String? = nil
}

/// One remembered tab.
public struct DurableMember: Codable, Equatable, Sendable {
    public var clientId: String
    public var member: Member
    /// The last `seq` handled for the tab: an intent at or below it is a resend.
    public var lastSeq: Int
    /// Per field (`screen/key`), the `seq` of the tab's last splice the session applied, so a tab
    /// that reconnects learns what became of the splice it had in flight.
    public var splices: [String: Int]
    /// What the tab steers while it presents; `nil` for every tab but the presenter's.
    public var presenting: PresentationSettings?

    public init(
        clientId: String, member: Member, lastSeq: Int, splices: [String: Int] = [:], presenting: PresentationSettings? = nil
    ) {
        self.clientId = clientId
        self.member = member
        self.lastSeq = lastSeq
        self.splices = splices
        self.presenting = presenting
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clientId = try container.decode(String.self, forKey: .clientId)
        member = try container.decode(Member.self, forKey: .member)
        lastSeq = try container.decode(Int.self, forKey: .lastSeq)
        splices = try container.decodeIfPresent([String: Int].self, forKey: .splices) ?? [:]
        presenting = try container.decodeIfPresent(PresentationSettings.self, forKey: .presenting)
    }
}
