/// One contiguous change to a text: at UTF-16 offset `at`, remove `delete` code units and put
/// `insert` in their place. On the wire: `{"at":3,"delete":0,"insert":"X"}`.
///
/// A splice is the operation retain(`at`) delete(`delete`) insert(`insert`) retain(the rest);
/// `TextOperation(_:length:)` makes that operation for a text of a given length.
public struct TextSplice: Codable, Hashable, Sendable, CustomStringConvertible {
    /// Where the change starts, in UTF-16 code units from the start of the text.
    public var at: Int
    /// How many UTF-16 code units are removed from `at` on.
    public var delete: Int
    /// The text put at `at`.
    public var insert: String

    public init(at: Int, delete: Int = 0, insert: String = "") {
        self.at = at
        self.delete = delete
        self.insert = insert
    }

    /// Whether the splice changes nothing.
    public var isNoop: Bool { delete == 0 && insert.isEmpty }

    /// The text after the splice; `text` must be long enough and the offsets boundaries.
    public func applied(to text: String) -> String {
        var result = text
        result.replaceUTF16(at: at, deleting: delete, with: insert)
        return result
    }

    /// `at 3 delete 1 insert "X"`, for test failures and logs.
    public var description: String {
        "at \(at) delete \(delete) insert \"\(insert)\""
    }
}
