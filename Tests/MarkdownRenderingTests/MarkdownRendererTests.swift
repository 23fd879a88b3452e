import Testing

@testable import MarkdownRendering

@Suite("Markdown notes render to safe HTML")
struct MarkdownRendererTests {
    @Test func rendersEmphasisAndLists() {
        let html = MarkdownRenderer.html(from: "**2** litres\n\n- oat\n- soy")
        #expect(html.contains("<strong>2</strong> litres"))
        #expect(html.contains("<li>oat</li>"))
    }

    @Test func emptyNotesRenderNothing() {
        #expect(MarkdownRenderer.html(from: "") == "")
    }

    @Test(arguments: [
        "<script>alert(1)</script>",
        "before <img src=x onerror=alert(1)> after",
        "<iframe src=\"https://example.com\"></iframe>",
    ])
    func rawHTMLIsDropped(markdown: String) {
        let html = MarkdownRenderer.html(from: markdown)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<iframe"))
        #expect(!html.contains("onerror"))
    }

    @Test(arguments: [
        "[click](javascript:alert(1))",
        "[click](JAVASCRIPT:alert(1))",
        "[click](vbscript:msgbox)",
        "[click](data:text/html;base64,PHNjcmlwdD4=)",
    ])
    func unsafeLinksLoseTheirURL(markdown: String) {
        let html = MarkdownRenderer.html(from: markdown).lowercased()
        #expect(html.contains("<a "))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("vbscript:"))
        #expect(!html.contains("data:"))
    }

    @Test func linksGetNoopenerNoreferrer() {
        let html = MarkdownRenderer.html(from: "See [the docs](https://example.com/focus).")
        #expect(html.contains("<a rel=\"noopener noreferrer\" href=\"https://example.com/focus\">the docs</a>"))
    }

    @Test func textThatLooksLikeALinkTagStaysEscaped() {
        let html = MarkdownRenderer.html(from: "`<a href=\"x\">`")
        #expect(!html.contains("rel="))
        #expect(html.contains("&lt;a href="))
    }

    @Test func oversizedInputIsCutNotRejected() {
        let long = String(repeating: "a", count: MarkdownRenderer.maximumInputBytes + 100)
        let html = MarkdownRenderer.html(from: long)
        #expect(html.count < MarkdownRenderer.maximumInputBytes + 20)
    }
}
