/// A source's syntax colours in source order, as the wire carries them: one flat array of
/// numbers, three per stretch: how far it starts after the end of the stretch before it (after
/// the start of the source for the first), its length, and its kind's place in
/// `SourceHighlight.Kind.allCases` (the page's `HighlightKinds`). A stretch costs about 8 bytes
/// this way instead of about 40 as an object, and a 200-line source has about a thousand.
public struct SourceHighlights: Equatable, Sendable, RandomAccessCollection, ExpressibleByArrayLiteral {
    public var stretches: [SourceHighlight]

    public init(_ stretches: [SourceHighlight]) { self.stretches = stretches }
    public init(arrayLiteral elements: SourceHighlight...) { stretches = elements }

    public var startIndex: Int { stretches.startIndex }
    public var endIndex: Int { stretches.endIndex }
    public subscript(position: Int) -> SourceHighlight { stretches[position] }
}

extension SourceHighlights: Codable {
    public init(from decoder: any Decoder) throws {
        var numbers = try decoder.unkeyedContainer()
        let kinds = SourceHighlight.Kind.allCases
        var end = 0
        stretches = []
        while !numbers.isAtEnd {
            let gap = try numbers.decode(Int.self)
            let length = try numbers.decode(Int.self)
            let kind = try numbers.decode(Int.self)
            guard gap >= 0, length > 0, kinds.indices.contains(kind) else {
                throw DecodingError.dataCorruptedError(
                    in: numbers, debugDescription: "a highlight needs a gap of 0 or more, a length over 0 and a known kind")
            }
            stretches.append(SourceHighlight(at: end + gap, length: length, kind: kinds[kind]))
            end += gap + length
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var numbers = encoder.unkeyedContainer()
        var end = 0
        for stretch in stretches {
            try numbers.encode(stretch.at - end)
            try numbers.encode(stretch.length)
            try numbers.encode(stretch.kind.wireNumber)
            end = stretch.at + stretch.length
        }
    }
}

extension SourceHighlight.Kind {
    /// The kind's number in the compact list: its place in `allCases`.
    var wireNumber: Int { Self.allCases.firstIndex(of: self)! }
}
