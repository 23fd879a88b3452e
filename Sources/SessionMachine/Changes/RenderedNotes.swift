import FocusCore

/// Task notes as safe HTML, rendered once per change of a note, and bounded: a note whose HTML
/// would pass ``maximumNoteBytes``, or that would take the session past
/// ``maximumSessionBytes``, is shown as a short notice instead. Without the bounds 60 KB of
/// `> ` renders to about 900 KB, sent to every member with every change of the screen.
struct RenderedNotes: Sendable {
    static let maximumNoteBytes = 16 * 1024
    static let maximumSessionBytes = 128 * 1024
    static let tooLong = "<p><em>These notes are too long to preview.</em></p>\n"

    let render: @Sendable (String) -> String
    private var cache: [RowID: (source: String, html: String)] = [:]

    init(render: @escaping @Sendable (String) -> String) {
        self.render = render
    }

    /// HTML for every row of `list`, in order, re-rendering only notes whose text changed.
    mutating func html(for rows: [RowID], notes: (RowID) -> String) -> [RowID: String] {
        var result: [RowID: String] = [:]
        result.reserveCapacity(rows.count)
        var total = 0
        for row in rows {
            var html = renderedHTML(row: row, source: notes(row))
            if total + html.utf8.count > Self.maximumSessionBytes {
                html = Self.tooLong
            }
            total += html.utf8.count
            result[row] = html
        }
        if cache.count > rows.count {
            cache = cache.filter { result[$0.key] != nil }
        }
        return result
    }

    private mutating func renderedHTML(row: RowID, source: String) -> String {
        if let cached = cache[row], cached.source.utf8.elementsEqual(source.utf8) { return cached.html }
        var html = render(source)
        if html.utf8.count > Self.maximumNoteBytes {
            html = Self.tooLong
        }
        cache[row] = (source, html)
        return html
    }
}
