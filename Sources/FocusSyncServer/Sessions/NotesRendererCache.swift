import Locking
import MarkdownRendering

/// Task notes rendered to HTML, each text once: a change of one note re-renders that note, not
/// every note on its list. Bounded: past ``capacity`` texts it starts afresh.
final class NotesRendererCache: Sendable {
    /// By bytes: "é" and "e" + U+0301 are equal Strings but different notes to render.
    private struct ExactText: Hashable {
        let text: String

        static func == (lhs: ExactText, rhs: ExactText) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

        func hash(into hasher: inout Hasher) {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }

    private let rendered = Locked<[ExactText: String]>([:])
    private let render: @Sendable (String) -> String
    let capacity: Int

    init(capacity: Int = 4_096, render: @escaping @Sendable (String) -> String = MarkdownRenderer.html(from:)) {
        self.capacity = capacity
        self.render = render
    }

    /// The HTML of `notes`.
    func html(from notes: String) -> String {
        if let html = rendered.withLock({ $0[ExactText(text: notes)] }) { return html }
        let html = render(notes)
        rendered.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[ExactText(text: notes)] = html
        }
        return html
    }
}
