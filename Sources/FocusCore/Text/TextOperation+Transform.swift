extension TextOperation {
    /// Transforms two operations made concurrently on one text against each other: `a′` applies
    /// after `b`, `b′` after `a`, and both orders make the same text (TP1):
    /// `b′.applied(to: a.applied(to: s)) == a′.applied(to: b.applied(to: s))`.
    ///
    /// Inserts keep their place among the text both operations kept; two inserts at one offset are
    /// ordered by `tieBreak`. Text both delete is deleted once; an insert inside text the other
    /// operation deletes survives, at the start of the deleted range.
    public static func transform(_ a: TextOperation, _ b: TextOperation, tieBreak: TieBreak) -> (TextOperation, TextOperation) {
        precondition(
            a.baseLength == b.baseLength,
            "Transformed operations must apply to one text; these apply to \(a.baseLength) and \(b.baseLength) code units.")
        var aPrime = TextOperation()
        var bPrime = TextOperation()
        var first = ComponentReader(a)
        var second = ComponentReader(b)
        while true {
            switch (first.current, second.current) {
            case (nil, nil):
                return (aPrime, bPrime)
            case (.insert(let text)?, _) where tieBreak == .aFirst || !second.isAtInsert:
                aPrime.insert(text)
                bPrime.retain(text.utf16Length)
                first.advance()
            case (_, .insert(let text)?):
                aPrime.retain(text.utf16Length)
                bPrime.insert(text)
                second.advance()
            case (.retain(let kept)?, .retain(let keptToo)?):
                let count = min(kept, keptToo)
                aPrime.retain(count)
                bPrime.retain(count)
                first.take(count)
                second.take(count)
            case (.delete(let deleted)?, .delete(let deletedToo)?):
                let count = min(deleted, deletedToo)
                first.take(count)
                second.take(count)
            case (.delete(let deleted)?, .retain(let kept)?):
                let count = min(deleted, kept)
                aPrime.delete(count)
                first.take(count)
                second.take(count)
            case (.retain(let kept)?, .delete(let deleted)?):
                let count = min(kept, deleted)
                bPrime.delete(count)
                first.take(count)
                second.take(count)
            case (.insert?, _), (.retain?, nil), (.delete?, nil), (nil, .retain?), (nil, .delete?):
                preconditionFailure("Transformed operations disagree on the length of the text they apply to.")
            }
        }
    }
}
