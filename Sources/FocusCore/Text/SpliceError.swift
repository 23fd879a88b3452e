/// Why the server refused a splice. A refused splice changes nothing; the client takes a fresh
/// copy of the field's text and applies its unacknowledged edits on top (`SpliceClient.resync`).
public enum SpliceError: Error, Equatable, Sendable {
    /// `bad_splice`: `at` or `delete` is negative.
    case negative(TextSplice)
    /// `bad_splice`: the splice reaches past the end of the text it was made against, which was
    /// `length` UTF-16 code units long.
    case pastEnd(TextSplice, length: Int)
    /// `bad_splice`: an end of the splice falls between the two halves of a surrogate pair.
    case insideSurrogatePair(TextSplice)
    /// `stale_base`: the field's history no longer reaches back to `base`; `oldest` is the
    /// oldest base it can still transform from.
    case baseTooOld(base: Int, oldest: Int)
    /// `stale_base`: `base` is a revision the session has not reached.
    case baseInFuture(base: Int, current: Int)

    /// Whether the splice was refused for its base revision (`stale_base`: take a fresh copy of
    /// the text) rather than for its offsets (`bad_splice`).
    public var isStaleBase: Bool {
        switch self {
        case .negative, .pastEnd, .insideSurrogatePair: false
        case .baseTooOld, .baseInFuture: true
        }
    }

    /// What went wrong and what to do about it, in a sentence a person (or a client author) can act on.
    public var message: String {
        switch self {
        case .negative(let splice):
            "The splice (\(splice)) has a negative offset or length; offsets and lengths count UTF-16 code units from 0."
        case .pastEnd(let splice, let length):
            "The splice (\(splice)) reaches past the end of the field, which was \(length) UTF-16 code units long at its base revision; take a fresh copy of the text and splice again."
        case .insideSurrogatePair(let splice):
            "The splice (\(splice)) starts or ends inside a character made of two UTF-16 code units (such as an emoji); splice at the character's edges."
        case .baseTooOld(let base, let oldest):
            "The splice is based on revision \(base), older than the field's history, which reaches back to revision \(oldest); take a fresh copy of the text and splice again."
        case .baseInFuture(let base, let current):
            "The splice is based on revision \(base), but the session is at revision \(current); base splices on a revision the server has sent."
        }
    }
}

extension SpliceError: CustomStringConvertible {
    public var description: String { message }
}
