/// Where a piece of a program was written: the line and column it starts at, from 1, as the
/// Swift compiler counts them (columns in UTF-8 bytes of the line).
public struct SourceSpan: Hashable, Sendable, Codable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
