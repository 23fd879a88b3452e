extension FocusKey: CustomStringConvertible {
    /// The key as Swift source names it: `.lastName`, `.row(id: 6F1C0E0A-…)`.
    public var description: String {
        let (caseName, rowID) = parts
        guard let rowID else { return "." + caseName }
        return ".\(caseName)(id: \(rowID))"
    }

    /// A focus value as the inspector shows it: `.lastName`, or `nil` for no focus.
    public static func swiftDescription(of focus: FocusKey?) -> String {
        focus?.description ?? "nil"
    }
}
