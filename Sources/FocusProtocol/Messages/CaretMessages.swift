import FocusCore

/// A `caret` message's place: where an editor's caret or selection is in a text, in the text as
/// it was at a session revision (as a splice names its `base`). Read as sent: the session refuses
/// a negative `at` or `length`, or one past the end, with `bad_caret`.
public struct CaretPlace: Equatable, Sendable {
    /// The text: `source`, the session's source, the one text whose carets are shared.
    public var key: FocusKey
    /// The session revision whose text of ``key`` the offsets are in.
    public var revision: Int
    /// Where the caret (or the selection's start) is, in UTF-16 code units.
    public var at: Int
    /// How many code units are selected from ``at`` on; 0 for a caret.
    public var length: Int

    public init(key: FocusKey, revision: Int, at: Int, length: Int) {
        self.key = key
        self.revision = revision
        self.at = at
        self.length = length
    }
}

/// One member's caret as the server shares it: where it is in the session's source, or that it
/// is in it no more (`selection == nil`: the member left the editor, or the session), and the
/// first line of the source their editor shows, once they said (`view`).
public struct MemberCaret: Equatable, Sendable {
    public var member: MemberID
    public var selection: TextSelection?
    public var top: Int?

    public init(member: MemberID, selection: TextSelection?, top: Int? = nil) {
        self.member = member
        self.selection = selection
        self.top = top
    }
}

/// The `carets` message: the carets that moved since the last one, in the source's text at
/// ``revision``. Not a change: the revision is the session's as the message went out.
public struct CaretsMessage: Equatable, Sendable {
    public var revision: Int
    public var carets: [MemberCaret]

    public init(revision: Int, carets: [MemberCaret]) {
        self.revision = revision
        self.carets = carets
    }
}

extension MemberCaret: Encodable {
    private enum Keys: String, CodingKey { case member, key, at, length, top }

    /// `{"member":"m2","key":"source","at":40,"length":5}`, or `{"member":"m2","key":null}`;
    /// with `"top":12` once the member said which line their editor shows first.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(member, forKey: .member)
        try container.encodeIfPresent(top, forKey: .top)
        guard let selection else {
            try container.encodeNil(forKey: .key)
            return
        }
        try container.encode(FocusKey.sourceText.name, forKey: .key)
        try container.encode(selection.start, forKey: .at)
        try container.encode(selection.end - selection.start, forKey: .length)
    }
}

extension CaretsMessage: Encodable {
    private enum Keys: String, CodingKey { case type, revision, carets }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("carets", forKey: .type)
        try container.encode(revision, forKey: .revision)
        try container.encode(carets, forKey: .carets)
    }
}
