extension TextOperation {
    /// The operation of one splice on a text of `length` code units: retain(`at`) insert(`insert`)
    /// delete(`delete`) retain(the rest). The splice must fit (`at + delete <= length`).
    public init(_ splice: TextSplice, length: Int) {
        precondition(
            splice.at >= 0 && splice.delete >= 0 && splice.at + splice.delete <= length,
            "The splice (\(splice)) does not fit a text of \(length) code units.")
        self.init()
        retain(splice.at)
        insert(splice.insert)
        delete(splice.delete)
        retain(length - splice.at - splice.delete)
    }

    /// The operation of `splices` applied one after another, each to the text the ones before it
    /// made, starting from a text of `length` code units.
    public init(splices: some Sequence<TextSplice>, length: Int) {
        self.init(identityOf: length)
        var isIdentity = true
        for splice in splices {
            let next = TextOperation(splice, length: targetLength)
            // The identity composed with an operation is that operation: one splice, the usual
            // case, needs no composing.
            self = isIdentity ? next : composed(with: next)
            isIdentity = false
        }
    }

    /// The fewest splices that make this operation, in order, each at an offset in the text the
    /// ones before it made: one per run of inserts and deletes between retains. A transformed splice
    /// can become two when another operation inserted inside the range it deletes.
    public var splices: [TextSplice] {
        var result: [TextSplice] = []
        var offset = 0
        var open: TextSplice?
        for component in components {
            switch component {
            case .retain(let count):
                if let splice = open {
                    result.append(splice)
                    open = nil
                }
                offset += count
            case .insert(let text):
                open = TextSplice(at: open?.at ?? offset, delete: open?.delete ?? 0, insert: (open?.insert ?? "") + text)
                offset += text.utf16Length
            case .delete(let count):
                open = TextSplice(at: open?.at ?? offset, delete: (open?.delete ?? 0) + count, insert: open?.insert ?? "")
            }
        }
        if let splice = open { result.append(splice) }
        return result
    }
}
