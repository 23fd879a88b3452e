/// A splice a page sends: the intent's `at`, `delete` and `insert`, made against the field's text
/// at session revision `base`.
public struct OutgoingSplice: Equatable, Sendable, CustomStringConvertible {
    /// The change, at offsets in the field's text at `base`.
    public let splice: TextSplice
    /// The session revision whose text the splice was made against.
    public let base: Int

    public init(splice: TextSplice, base: Int) {
        self.splice = splice
        self.base = base
    }

    /// `at 3 delete 0 insert "X" on 12`, for test failures and logs.
    public var description: String { "\(splice) on \(base)" }
}
