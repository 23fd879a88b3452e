import FocusCore

/// Refuses a source whose square brackets nest deeper than the parser can look ahead through
/// in time, before the parser sees it.
///
/// swift-syntax's type look-ahead inside `[` is exponential in how deeply they nest: measured
/// here, 14 open brackets take 50 ms and 18 take 0.9 s, and 55 never finish (found by
/// `make fuzz`). Focus code nests them one or two deep (`[Item]`, `items[index]`), so the
/// limit costs no real source anything. The count is of the characters, so brackets in
/// strings and comments count too.
enum BracketDepthGuard {
    /// The deepest nesting of `[` a source may have.
    static let maximumDepth = 6

    /// An error at the first bracket past ``maximumDepth``, or nil when the source is within it.
    static func diagnostic(for source: String) -> SourceDiagnostic? {
        var depth = 0
        var line = 1
        var column = 1
        for byte in source.utf8 {
            switch byte {
            case UInt8(ascii: "["):
                depth += 1
                if depth > maximumDepth {
                    return SourceDiagnostic(
                        line: line, column: column, severity: .error,
                        message:
                            "Square brackets nest more than \(maximumDepth) deep here; the parser cannot read such a source in time."
                    )
                }
            case UInt8(ascii: "]"): depth = max(0, depth - 1)
            case UInt8(ascii: "\n"):
                line += 1
                column = 0
            default: break
            }
            // Columns count bytes, as the parser's own locations do.
            column += 1
        }
        return nil
    }
}
