import CCmark

#if canImport(Glibc)
import Glibc
#endif

/// Renders CommonMark to HTML that is safe to insert into the playground page.
///
/// cmark (the CommonMark reference implementation) renders in its safe mode: raw HTML blocks and
/// inline HTML are dropped, and links or images whose URL uses `javascript:`, `vbscript:`,
/// `file:` or a non-image `data:` scheme lose their URL. Every link also gets
/// `rel="noopener noreferrer"`.
public enum MarkdownRenderer {
    /// The largest input rendered; longer text is cut here first so rendering time stays bounded.
    public static let maximumInputBytes = 64 * 1024

    /// Returns safe HTML for `markdown`. Empty input gives an empty string.
    public static func html(from markdown: String) -> String {
        var utf8 = Array(markdown.utf8.prefix(maximumInputBytes))
        guard !utf8.isEmpty else { return "" }
        // CMARK_OPT_SAFE is the default since cmark 0.29, but say it: the page relies on it.
        let options = CMARK_OPT_SAFE | CMARK_OPT_NOBREAKS
        let rendered: String? = utf8.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { text in
                guard let html = cmark_markdown_to_html(text, buffer.count, options) else { return nil }
                defer { free(html) }
                return String(cString: html)
            }
        }
        return addRelToLinks(rendered ?? "")
    }

    /// cmark writes every link as `<a href="…"`; with raw HTML omitted and text escaped, that
    /// sequence can only come from a link, so a plain replacement is exact.
    static func addRelToLinks(_ html: String) -> String {
        html.replacing("<a href=\"", with: "<a rel=\"noopener noreferrer\" href=\"")
    }
}
