import FocusCore

/// Task notes as safe HTML, bounded: a note whose HTML would pass ``maximumNoteBytes``, or that
/// would take the session past ``maximumSessionBytes``, is shown as a short notice instead.
/// Without the bounds 60 KB of `> ` renders to about 900 KB, sent to every member with every
/// change of the screen. Rendering is the host's (`render`), and so is remembering what it
/// rendered: the machine keeps no cache.
struct RenderedNotes: Sendable {
    static let maximumNoteBytes = 16 * 1024
    static let maximumSessionBytes = 128 * 1024
    static let tooLong = "<p><em>These notes are too long to preview.</em></p>\n"

    let render: @Sendable (String) -> String

    init(render: @escaping @Sendable (String) -> String) {
        self.render = render
    }

    /// HTML for every row of `list`, in order.
    func html(for rows: [RowID], notes: (RowID) -> String) -> [RowID: String] {
        var result: [RowID: String] = [:]
        result.reserveCapacity(rows.count)
        var total = 0
        for row in rows {
            var html = render(notes(row))
            if html.utf8.count > Self.maximumNoteBytes || total + html.utf8.count > Self.maximumSessionBytes {
                html = Self.tooLong
            }
            total += html.utf8.count
            result[row] = html
        }
        return result
    }
}
