/// Finding a run of bytes in received data, without decoding it to text.
enum ByteSearch {
    /// The blank line that ends an HTTP head.
    static let headEnd = Array("\r\n\r\n".utf8)

    /// The index just past the first occurrence of `needle` in `haystack`, or nil.
    static func end(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while index <= last {
            guard let start = haystack[index...last].firstIndex(of: first) else { return nil }
            if haystack[start..<(start + needle.count)].elementsEqual(needle) {
                return start + needle.count
            }
            index = start + 1
        }
        return nil
    }
}
