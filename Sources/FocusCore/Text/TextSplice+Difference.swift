extension TextSplice {
    /// The one splice that turns `old` into `new`, keeping their common start and end (never
    /// splitting a character beyond U+FFFF, whose two UTF-16 units stay together).
    ///
    /// `caret` is where the caret is in `new` after the edit, as a browser reports it after an
    /// input event. When the text after the caret is the end of `old` too, the splice's insert
    /// ends at the caret, which puts a repeated letter where it was typed: typing "a" at the
    /// start of "aa" is `at 0 insert "a"`, not `at 2`.
    ///
    /// The common start and end are found on the UTF-8 bytes, in place, and only their lengths are
    /// counted in UTF-16 units: whole characters are equal in one encoding exactly when they are
    /// in the other.
    public init(from old: String, to new: String, caret: Int? = nil) {
        let before = old.utf8Span.span
        let after = new.utf8Span.span
        var prefix: Int
        var suffix: Int
        if let caret, let kept = Self.suffix(endingAtUTF16: caret, of: new, isEndOf: before) {
            suffix = kept
            prefix = Self.commonPrefix(before, after, limit: min(before.count - suffix, after.count - suffix))
        } else {
            prefix = Self.commonPrefix(before, after, limit: min(before.count, after.count))
            let limit = min(before.count, after.count) - prefix
            suffix = 0
            while suffix < limit, before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
            while suffix > 0, Self.isContinuation(before[before.count - suffix]) { suffix -= 1 }
        }
        // In ASCII a byte is a unit.
        let isASCII = old.utf8Span.isKnownASCII
        self.init(
            at: isASCII ? prefix : before.extracting(0..<prefix).utf16Length,
            delete: isASCII ? before.count - prefix - suffix : before.extracting(prefix..<(before.count - suffix)).utf16Length,
            insert: String(decoding: new.utf8[new.utf8Index(prefix)..<new.utf8Index(after.count - suffix)], as: UTF8.self)
        )
    }

    /// The length in bytes of the text after UTF-16 offset `caret` in `new`, if `caret` is a
    /// boundary there and those bytes are the last of `before` as well.
    private static func suffix(endingAtUTF16 caret: Int, of new: String, isEndOf before: Span<UInt8>) -> Int? {
        guard let start = new.utf8Offsets(ofUTF16: [caret])?[0] else { return nil }
        let after = new.utf8Span.span
        let length = after.count - start
        guard length <= before.count else { return nil }
        for offset in 0..<length where after[start + offset] != before[before.count - length + offset] { return nil }
        return length
    }

    /// How many bytes `before` and `after` share at the start, at most `limit`, ending on a
    /// character boundary.
    private static func commonPrefix(_ before: Span<UInt8>, _ after: Span<UInt8>, limit: Int) -> Int {
        var prefix = 0
        while prefix < limit, before[prefix] == after[prefix] { prefix += 1 }
        // The bytes before `prefix` are equal, so a character cut there is cut in both texts.
        while prefix > 0, prefix < before.count, isContinuation(before[prefix]) { prefix -= 1 }
        return prefix
    }

    /// Whether `byte` continues a character rather than starting one.
    private static func isContinuation(_ byte: UInt8) -> Bool {
        byte & 0xC0 == 0x80
    }
}
