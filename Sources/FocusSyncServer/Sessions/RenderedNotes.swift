import FocusCore
import MarkdownRendering

/// The task notes of one session as safe HTML, rendered once per change of a note.
struct RenderedNotes: Sendable {
    private var cache: [RowID: (source: String, html: String)] = [:]

    /// HTML for every row of the `tasks` list, re-rendering only notes whose text changed.
    mutating func html(for screen: ScreenSnapshot) -> [RowID: String] {
        let rows = screen.rows[.tasks] ?? []
        var result: [RowID: String] = [:]
        result.reserveCapacity(rows.count)
        for row in rows {
            let source = screen.values[.notes(id: row)] ?? ""
            if let cached = cache[row], cached.source == source {
                result[row] = cached.html
            } else {
                let html = MarkdownRenderer.html(from: source)
                cache[row] = (source, html)
                result[row] = html
            }
        }
        if cache.count > rows.count {
            cache = cache.filter { result[$0.key] != nil }
        }
        return result
    }
}
