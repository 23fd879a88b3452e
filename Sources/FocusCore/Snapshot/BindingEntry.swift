/// One simple field and the key it is bound to (`{"field":"address","key":"name"}`).
public struct BindingEntry: Codable, Equatable, Sendable {
    public var field: FieldID
    public var key: FocusKey

    public init(field: FieldID, key: FocusKey) {
        self.field = field
        self.key = key
    }
}
