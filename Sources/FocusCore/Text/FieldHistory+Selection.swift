extension FieldHistory {
    /// `selection`, a member's caret or selection in the field's text at revision `base`, moved
    /// over every operation recorded after `base`, in order, as ``TextSelection/transformed(by:)``
    /// moves it (a caret goes past text inserted at it; a selection keeps out text inserted at its
    /// edges): where it is in `text`, the field's text at the session's `current` revision. The
    /// same history a splice is rebased over, with the same refusals of its base.
    ///
    /// - Returns: the selection in `text`, or why it cannot be moved: `stale_base` when `base` is
    ///   older than `oldestBase` or newer than `current`; `negative` or `pastEnd` (with the
    ///   selection as the splice deleting it) when an end is outside the text at `base`.
    public func rebase(_ selection: TextSelection, base: Int, current: Int, text: String) -> Result<TextSelection, SpliceError> {
        let asSplice = TextSplice(at: selection.start, delete: selection.end - selection.start, insert: "")
        guard base <= current else { return .failure(.baseInFuture(base: base, current: current)) }
        guard base >= oldestBase else { return .failure(.baseTooOld(base: base, oldest: oldestBase)) }
        guard selection.start >= 0, selection.end >= selection.start else { return .failure(.negative(asSplice)) }
        let first = firstIndex(after: base)
        let length = length(before: first, text: text)
        guard selection.end <= length else { return .failure(.pastEnd(asSplice, length: length)) }
        var moved = selection
        for index in first..<count {
            moved = moved.transformed(by: self[index].operation)
        }
        return .success(moved)
    }
}
