extension TextOperation {
    /// One operation with the effect of this one followed by `next`, whose base must be this
    /// one's target: `a.composed(with: b).applied(to: s) == b.applied(to: a.applied(to: s))`.
    ///
    /// The page composes keystrokes typed while a splice is in flight into one buffered operation.
    public func composed(with next: TextOperation) -> TextOperation {
        precondition(
            targetLength == next.baseLength,
            "Composing needs the second operation to apply to the first one's result (\(targetLength) code units), not to \(next.baseLength)."
        )
        var result = TextOperation()
        var first = ComponentReader(self)
        var second = ComponentReader(next)
        while true {
            switch (first.current, second.current) {
            case (nil, nil):
                return result
            case (.delete(let count)?, _):
                result.delete(count)
                first.advance()
            case (_, .insert(let text)?):
                result.insert(text)
                second.advance()
            case (.retain(let kept)?, .retain(let keptAgain)?):
                let count = min(kept, keptAgain)
                result.retain(count)
                first.take(count)
                second.take(count)
            case (.retain(let kept)?, .delete(let deleted)?):
                let count = min(kept, deleted)
                result.delete(count)
                first.take(count)
                second.take(count)
            case (.insert(let text)?, .retain(let kept)?):
                let count = min(text.utf16Length, kept)
                result.insert(first.takeInserted(count))
                second.take(count)
            case (.insert(let text)?, .delete(let deleted)?):
                let count = min(text.utf16Length, deleted)
                _ = first.takeInserted(count)
                second.take(count)
            case (.retain?, nil), (.insert?, nil), (nil, .retain?), (nil, .delete?):
                preconditionFailure("Composed operations disagree on the length of the text between them.")
            }
        }
    }
}
