extension String {
    /// The text's length in UTF-16 code units: the unit every splice offset counts, as a browser's
    /// `selectionStart` and a JavaScript string's `length` do.
    ///
    /// One pass over the UTF-8 bytes (none for ASCII). The standard library's `utf16.count` keeps
    /// breadcrumbs that every change to the text throws away, so after each keystroke it rescans
    /// a long non-ASCII text several times slower than this.
    public var utf16Length: Int {
        let text = utf8Span
        guard !text.isKnownASCII else { return text.count }
        return text.span.utf16Length
    }

    /// Whether a splice may start or end at `offset`: it lies in `0...utf16Length` and not between
    /// the two halves of a surrogate pair (an emoji, or any character beyond U+FFFF).
    public func isUTF16Boundary(_ offset: Int) -> Bool {
        utf8Offsets(ofUTF16: [offset]) != nil
    }

    /// The UTF-8 offsets of `offsets`, UTF-16 offsets in ascending order, found in one pass over
    /// the text; `nil` if one is negative, past the end, or between the halves of a surrogate pair.
    func utf8Offsets(ofUTF16 offsets: [Int]) -> [Int]? {
        guard offsets.first.map({ $0 >= 0 }) ?? true else { return nil }
        let text = utf8Span
        if text.isKnownASCII {
            return offsets.last.map { $0 <= text.count } ?? true ? offsets : nil
        }
        let bytes = text.span
        var result: [Int] = []
        result.reserveCapacity(offsets.count)
        var byte = 0
        var unit = 0
        for offset in offsets {
            while unit < offset, byte < bytes.count {
                let lead = bytes[byte]
                unit &+= lead & 0xC0 == 0x80 ? 0 : lead >= 0xF0 ? 2 : 1
                byte &+= 1
            }
            // Past the rest of the last character's bytes.
            while byte < bytes.count, bytes[byte] & 0xC0 == 0x80 { byte &+= 1 }
            guard unit == offset else { return nil }
            result.append(byte)
        }
        return result
    }

    /// The index `offset` UTF-8 code units from the start (`String.Index` is a UTF-8 offset for
    /// native strings, so this is constant time).
    func utf8Index(_ offset: Int) -> Index {
        utf8.index(utf8.startIndex, offsetBy: offset)
    }

    /// Replaces `count` code units from `offset` with `insert`, in place (the text after the
    /// range moves; nothing is copied when the string is uniquely held). Both ends must be boundaries.
    mutating func replaceUTF16(at offset: Int, deleting count: Int, with insert: String) {
        guard let bytes = utf8Offsets(ofUTF16: [offset, offset + count]) else {
            preconditionFailure(
                "\(offset)..<\(offset + count) is not a range of whole characters in a text of \(utf16Length) code units.")
        }
        replaceSubrange(utf8Index(bytes[0])..<utf8Index(bytes[1]), with: insert)
    }
}

extension Span<UInt8> {
    /// The length in UTF-16 code units of the text these UTF-8 bytes (whole characters) encode.
    var utf16Length: Int {
        // Every byte but a continuation byte starts a character of one unit; a four-byte
        // character takes two. Two plain counters let the loop run without branches.
        var continuations = 0
        var fourByteLeads = 0
        for index in indices {
            let byte = self[index]
            continuations &+= byte & 0xC0 == 0x80 ? 1 : 0
            fourByteLeads &+= byte >= 0xF0 ? 1 : 0
        }
        return count - continuations + fourByteLeads
    }
}
