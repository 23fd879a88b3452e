extension TextOperation {
    /// The most scalars `difference(from:to:)` inserts and deletes exactly; past it, it replaces the
    /// changed middle as a whole.
    public static let differenceEditLimit = 500

    /// An operation that turns `old` into `new`, keeping as many characters (Unicode scalars) in
    /// place as it can: the common start and end, then Myers' shortest edit script between.
    ///
    /// A page that missed operations (it was offline, or the server refused its splice) rebases
    /// its own edits over this difference between the text it knew and a fresh copy. Edits near
    /// text that both copies hold keep their place; when more than `differenceEditLimit` scalars
    /// changed, the changed middle is one replacement and edits inside it move to its start.
    public static func difference(from old: String, to new: String) -> TextOperation {
        let before = old.unicodeScalars.map(\.value)
        let after = new.unicodeScalars.map(\.value)
        var prefix = 0
        while prefix < min(before.count, after.count), before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(before.count, after.count) - prefix,
            before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
        { suffix += 1 }
        let removed = Array(before[prefix..<(before.count - suffix)])
        let added = Array(after[prefix..<(after.count - suffix)])

        var operation = TextOperation()
        operation.retain(utf16Length(before[..<prefix]))
        if let steps = ShortestEditScript.steps(from: removed, to: added, limit: differenceEditLimit) {
            var x = 0
            var y = 0
            var index = 0
            while index < steps.count {
                let step = steps[index]
                var end = index
                while end < steps.count, steps[end] == step { end += 1 }
                let run = end - index
                switch step {
                case .keep:
                    operation.retain(utf16Length(removed[x..<(x + run)]))
                    x += run
                    y += run
                case .delete:
                    operation.delete(utf16Length(removed[x..<(x + run)]))
                    x += run
                case .insert:
                    operation.insert(string(added[y..<(y + run)]))
                    y += run
                }
                index = end
            }
        } else {
            operation.insert(string(added[...]))
            operation.delete(utf16Length(removed[...]))
        }
        operation.retain(utf16Length(before[(before.count - suffix)...]))
        return operation
    }

    private static func utf16Length(_ scalars: ArraySlice<UInt32>) -> Int {
        scalars.reduce(0) { $0 + ($1 > 0xFFFF ? 2 : 1) }
    }

    private static func string(_ scalars: ArraySlice<UInt32>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars.compactMap(Unicode.Scalar.init))
        return String(text)
    }
}
