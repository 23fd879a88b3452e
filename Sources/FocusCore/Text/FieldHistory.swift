/// The operations the server applied to one text field, newest last, so that a splice made against
/// an older revision can be transformed to the field's current text (the server's half of
/// Jupiter-style operational transformation, with the server as the one authority).
///
/// The history keeps the last `capacity` operations (1,000 by default: a page with one splice in
/// flight is a round trip behind, and three people typing ten characters a second into one field
/// make 30 operations a second). An operation of one short splice takes about 75 bytes, so a full
/// history is about 75 KB per field that has been typed in. A base older than the kept operations
/// is `stale_base`, and the page starts again from a snapshot.
public struct FieldHistory: Sendable {
    /// One applied operation.
    public struct Entry: Equatable, Sendable {
        /// The session revision the operation made.
        public let revision: Int
        /// The member whose splice it was.
        public let member: String
        private let change: Change

        /// An operation of one splice (nearly all of them) is kept as that splice, inline: no
        /// array to allocate, and about a third of the memory.
        private enum Change: Equatable, Sendable {
            case splice(TextSplice, length: Int)
            case operation(TextOperation)
        }

        init(revision: Int, member: String, operation: TextOperation) {
            self.init(
                revision: revision, member: member, splices: operation.splices, length: operation.baseLength, operation: operation
            )
        }

        /// The entry of `splices` applied in order to a text of `length` units; `operation`, when
        /// known, is the operation they make.
        init(revision: Int, member: String, splices: [TextSplice], length: Int, operation: TextOperation? = nil) {
            self.revision = revision
            self.member = member
            change =
                splices.count == 1
                ? .splice(splices[0], length: length)
                : .operation(operation ?? TextOperation(splices: splices, length: length))
        }

        /// The operation as applied to the field.
        public var operation: TextOperation {
            switch change {
            case .splice(let splice, let length): TextOperation(splice, length: length)
            case .operation(let operation): operation
            }
        }

        /// The length of the text the operation applied to.
        var baseLength: Int {
            switch change {
            case .splice(_, let length): length
            case .operation(let operation): operation.baseLength
            }
        }

        /// The length of the text it made.
        var targetLength: Int {
            switch change {
            case .splice(let splice, let length): length - splice.delete + splice.insert.utf16Length
            case .operation(let operation): operation.targetLength
            }
        }
    }

    /// The number of operations a history keeps unless told otherwise.
    public static let defaultCapacity = 1_000

    /// The most operations kept.
    public let capacity: Int
    /// The oldest revision a splice may be based on: every change to the field after it is kept.
    public private(set) var oldestBase: Int
    /// The kept operations as a ring: the oldest at `head`.
    private var ring: [Entry] = []
    private var head = 0

    /// An empty history of a field whose every change after `revision` will be recorded.
    public init(since revision: Int, capacity: Int = defaultCapacity) {
        precondition(capacity > 0, "A field history must keep at least one operation.")
        self.capacity = capacity
        oldestBase = revision
    }

    /// How many operations are kept.
    public var count: Int { ring.count }

    /// The kept entry `index` places from the oldest.
    public subscript(index: Int) -> Entry {
        ring[(head + index) % ring.count]
    }

    /// Records `operation`, which `member`'s splice made at session `revision` (later than every
    /// revision recorded before). Whole-value edits belong here too, as the operation
    /// `TextOperation.difference(from:to:)` or `TextSplice(from:to:)` makes, so the history covers
    /// every change. Forgets the oldest operation once `capacity` are kept.
    public mutating func record(_ operation: TextOperation, revision: Int, member: String) {
        record(Entry(revision: revision, member: member, operation: operation))
    }

    /// Records the operation of `splices` applied in order to the field's text of `length` code
    /// units, as ``record(_:revision:member:)`` does, without making that operation when it is one
    /// splice (a replayed or whole-value edit nearly always is).
    public mutating func record(splices: [TextSplice], length: Int, revision: Int, member: String) {
        record(Entry(revision: revision, member: member, splices: splices, length: length))
    }

    private mutating func record(_ entry: Entry) {
        precondition(
            entry.revision > (ring.isEmpty ? oldestBase : self[ring.count - 1].revision),
            "Revision \(entry.revision) is not after the last one the field history holds.")
        guard ring.count == capacity else {
            ring.append(entry)
            return
        }
        oldestBase = ring[head].revision
        ring[head] = entry
        head = (head + 1) % capacity
    }

    /// `splice`, which `member` made against the field's text at revision `base`, transformed
    /// against every operation recorded after `base`, in order (ties broken by `TieBreak`): the
    /// operation to apply to `text`, the field's text at the session's `current` revision.
    ///
    /// - Returns: the operation as it applies to `text` (record it after applying it), or why the
    ///   splice is refused: `stale_base` when `base` is older than `oldestBase` or newer than
    ///   `current`; `bad_splice` when an offset is negative, past the end of the text at `base`,
    ///   or inside a surrogate pair. A splice inside a surrogate pair that others deleted whole
    ///   since `base` lands on the edge of the deleted text instead, which is harmless: no splice
    ///   can split a pair in `text`.
    public func rebase(
        _ splice: TextSplice, base: Int, member: String, current: Int, text: String
    ) -> Result<TextOperation, SpliceError> {
        guard base <= current else { return .failure(.baseInFuture(base: base, current: current)) }
        guard base >= oldestBase else { return .failure(.baseTooOld(base: base, oldest: oldestBase)) }
        guard splice.at >= 0, splice.delete >= 0 else { return .failure(.negative(splice)) }
        let first = firstIndex(after: base)
        let length = length(before: first, text: text)
        guard splice.at <= length, splice.delete <= length - splice.at else {
            return .failure(.pastEnd(splice, length: length))
        }
        var operation = TextOperation(splice, length: length)
        for index in first..<ring.count {
            let entry = self[index]
            operation =
                TextOperation.transform(operation, entry.operation, tieBreak: TieBreak(member: member, appliedBy: entry.member)).0
        }
        guard operation.fits(text) else {
            precondition(
                operation.baseLength == text.utf16Length,
                "The field history ends at \(operation.baseLength) code units but the field holds \(text.utf16Length); record every change."
            )
            return .failure(.insideSurrogatePair(splice))
        }
        return .success(operation)
    }

    /// The length of the field's text before the kept entry `first` (`count`: the text now),
    /// read from the history, so that only a splice's last check reads the whole `text`, the
    /// field's text now.
    func length(before first: Int, text: String) -> Int {
        first < ring.count
            ? self[first].baseLength
            : ring.isEmpty ? text.utf16Length : self[ring.count - 1].targetLength
    }

    /// The index of the first kept entry with a revision after `base` (`count` if none).
    func firstIndex(after base: Int) -> Int {
        var low = 0
        var high = ring.count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].revision <= base { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
