extension TextSplice {
    /// The one splice that turns `old` into `new`, keeping their common start and end (never
    /// splitting a surrogate pair).
    ///
    /// `caret` is where the caret is in `new` after the edit, as a browser reports it after an
    /// input event. When the text after the caret is the end of `old` too, the splice's insert
    /// ends at the caret, which puts a repeated letter where it was typed: typing "a" at the
    /// start of "aa" is `at 0 insert "a"`, not `at 2`.
    public init(from old: String, to new: String, caret: Int? = nil) {
        let before = Array(old.utf16)
        let after = Array(new.utf16)
        var prefix: Int
        var suffix: Int
        if let caret, let kept = Self.suffix(endingAt: caret, of: after, isEndOf: before) {
            suffix = kept
            prefix = Self.commonPrefix(before, after, limit: min(before.count - suffix, caret))
        } else {
            prefix = Self.commonPrefix(before, after, limit: min(before.count, after.count))
            suffix = min(before.count, after.count) - prefix
            for offset in 0..<suffix where before[before.count - 1 - offset] != after[after.count - 1 - offset] {
                suffix = offset
                break
            }
            if suffix > 0, UTF16.isTrailSurrogate(before[before.count - suffix]) { suffix -= 1 }
        }
        self.init(
            at: prefix,
            delete: before.count - prefix - suffix,
            insert: String(decoding: after[prefix..<(after.count - suffix)], as: UTF16.self)
        )
    }

    /// The length of the units after `caret` in `after`, if `caret` is a boundary there and they
    /// are the last units of `before` as well.
    private static func suffix(endingAt caret: Int, of after: [UInt16], isEndOf before: [UInt16]) -> Int? {
        guard caret >= 0, caret <= after.count, after.count - caret <= before.count,
              caret == after.count || !UTF16.isTrailSurrogate(after[caret])
        else { return nil }
        let length = after.count - caret
        return after[caret...].elementsEqual(before[(before.count - length)...]) ? length : nil
    }

    /// How many units `before` and `after` share at the start, at most `limit`, ending on a boundary.
    private static func commonPrefix(_ before: [UInt16], _ after: [UInt16], limit: Int) -> Int {
        var prefix = 0
        while prefix < limit, before[prefix] == after[prefix] { prefix += 1 }
        if prefix > 0, UTF16.isLeadSurrogate(before[prefix - 1]) { prefix -= 1 }
        return prefix
    }
}
