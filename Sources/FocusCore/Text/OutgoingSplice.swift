/// A splice a page sends: the intent's `at`, `delete` and `insert`, made against the field's text
/// at session revision `base`.
public struct OutgoingSplice: Equatable, Sendable, CustomStringConvertible {
    public let splice: TextSplice
    public let base: Int

    public init(splice: TextSplice, base: Int) {
        self.splice = splice
        self.base = base
    }

    /// `at 3 delete 0 insert "X" on 12`, for test failures and logs.
    public var description: String { "\(splice) on \(base)" }
}
