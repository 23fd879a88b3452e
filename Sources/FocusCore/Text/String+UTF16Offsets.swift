extension String {
    /// The text's length in UTF-16 code units: the unit every splice offset counts, as a browser's
    /// `selectionStart` and a JavaScript string's `length` do.
    public var utf16Length: Int { utf16.count }

    /// Whether a splice may start or end at `offset`: it lies in `0...utf16Length` and not between
    /// the two halves of a surrogate pair (an emoji, or any character beyond U+FFFF).
    public func isUTF16Boundary(_ offset: Int) -> Bool {
        let length = utf16.count
        guard offset > 0, offset < length else { return offset == 0 || offset == length }
        return !UTF16.isTrailSurrogate(utf16[utf16Index(offset)])
    }

    /// The index `offset` UTF-16 code units from the start; `offset` must be in `0...utf16Length`.
    /// Native strings keep breadcrumbs for this walk, so it does not scan from the start each time.
    func utf16Index(_ offset: Int) -> Index {
        utf16.index(utf16.startIndex, offsetBy: offset)
    }

    /// The code units from `start` up to `end`, both boundaries.
    func utf16Slice(from start: Int, to end: Int) -> Substring {
        self[utf16Index(start)..<utf16Index(end)]
    }

    /// Replaces `count` code units from `offset` with `insert`, in place (no copy of the rest of the
    /// text when the string is uniquely held). Both ends must be boundaries.
    mutating func replaceUTF16(at offset: Int, deleting count: Int, with insert: String) {
        let start = utf16Index(offset)
        let end = count == 0 ? start : utf16.index(start, offsetBy: count)
        replaceSubrange(start..<end, with: insert)
    }
}
