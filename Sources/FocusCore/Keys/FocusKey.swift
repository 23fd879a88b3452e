/// The value a `@FocusState` property holds: which field should have focus.
///
/// A key is data: a case name the screen declares plus, for cases that carry one, the id of the
/// list row whose field it names, as the seeds' `row(id: UUID)` does.
/// `Optional<FocusKey>.none` means "no focus".
public struct FocusKey: Hashable, Sendable {
    /// The case of the screen's focus enum.
    public let focusCase: FocusCase
    /// For a case that carries a row id, that row; `nil` for simple cases.
    public let rowID: RowID?

    /// The key `focusCase`, carrying `rowID` when the case names a row's field.
    public init(_ focusCase: FocusCase, id rowID: RowID? = nil) {
        self.focusCase = focusCase
        self.rowID = rowID
    }

    /// For a row case, which field of the row it names; `nil` for simple cases.
    public var rowCase: FocusCase? { rowID == nil ? nil : focusCase }
}

extension FocusKey: ExpressibleByStringLiteral {
    /// A simple case by name: `let firstName: FocusKey = "firstName"`.
    public init(stringLiteral name: String) {
        self.init(FocusCase(rawValue: name))
    }
}

extension FocusKey: CustomStringConvertible {
    /// The key as Swift source names it: `.lastName`, `.row(id: 6F1C0E0A-…)`.
    public var description: String {
        guard let rowID else { return "." + focusCase.rawValue }
        return ".\(focusCase.rawValue)(id: \(rowID))"
    }
}
