import MarkdownRendering

extension FuzzTarget {
    /// The Markdown renderer: any text renders to HTML that is only cmark's own markup (tags from
    /// a short list, so never a `<script` or an event handler from the input), with no URL of a
    /// scheme that runs code, every link with `rel`, and of bounded size (``maximumHTMLBytes(for:)``).
    public static let markdown = FuzzTarget(name: "markdown") { input in
        let html = Array(MarkdownRenderer.html(from: String(decoding: input, as: UTF8.self)).utf8)
        precondition(
            html.count <= maximumHTMLBytes(for: input.count), "\(input.count) bytes rendered to \(html.count) bytes of HTML")
        var index = 0
        while let open = html[index...].firstIndex(of: UInt8(ascii: "<")) {
            let tag = html[(open + 1)...].prefix { $0 != UInt8(ascii: ">") }
            let name = String(decoding: tag.prefix { $0 != UInt8(ascii: " ") }, as: UTF8.self)
            let element = name.hasPrefix("/") ? String(name.dropFirst()) : name
            precondition(name == "!--" || cmarkTags.contains(element), "the HTML has a <\(name)> tag")
            if name == "a" || name == "img" {
                let text = String(decoding: tag, as: UTF8.self).lowercased()
                precondition(name != "a" || text.hasPrefix("a rel=\"noopener noreferrer\" "), "a link without rel: <\(text)>")
                for scheme in ["javascript:", "vbscript:", "file:"] {
                    precondition(
                        !text.contains("href=\"\(scheme)") && !text.contains("src=\"\(scheme)"), "a \(scheme) URL: <\(text)>")
                }
            }
            index = open + 1 + tag.count
        }
    }

    /// Every tag cmark writes (raw HTML is dropped as `<!-- raw HTML omitted -->`).
    private static let cmarkTags: Set<String> = [
        "p", "em", "strong", "a", "img", "code", "pre", "blockquote", "ul", "ol", "li", "hr", "br",
        "h1", "h2", "h3", "h4", "h5", "h6",
    ]

    /// The most HTML `bytes` of Markdown render to, from cmark's own limits: nesting writes at most
    /// 27 bytes of markup per input byte (a `>` opens and closes a block quote), and link
    /// references expand to at most the larger of the input's length and 100,000 bytes of URLs and
    /// titles (cmark 0.29 and later), each byte escaped to at most 6 (`'` is `&#x27;`). So 4 KB of
    /// `[a]` uses of one long reference render to about 500 KB (corpus: `reference-expansion`).
    private static func maximumHTMLBytes(for bytes: Int) -> Int {
        32 * bytes + 6 * max(bytes, 100_000)
    }
}
