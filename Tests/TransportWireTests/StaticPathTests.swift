import Testing
import TransportWire

@Suite("Static paths never leave the public folder")
struct StaticPathTests {
    @Test func rootIsIndex() {
        #expect(StaticPath(requestPath: "/") == .file(["index.html"]))
    }

    @Test func nestedFilesAndEncodedSpaces() {
        #expect(StaticPath(requestPath: "/js/main.js") == .file(["js", "main.js"]))
        #expect(StaticPath(requestPath: "/my%20file.css") == .file(["my file.css"]))
    }

    @Test(arguments: [
        "/../etc/passwd", "/js/../../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E/%2E%2E/etc/passwd",
        "/.%2e/etc/passwd", "/js%2f..%2f..%2fetc%2fpasswd", "/js/%2F/etc", "//etc/passwd",
        "/js/./main.js", "/..%5c..%5cetc%5cpasswd", "/%00index.html", "/bad%zzescape", "/truncated%2",
        "etc/passwd", "/%ff%fe",
        // An encoded slash or backslash followed by a combining mark (U+0301): one Character, still a slash.
        "/js%2F%CC%81main.js", "/js%5C%CC%81main.js",
    ])
    func traversalAttemptsAreBadRequests(path: String) {
        guard case .badRequest = StaticPath(requestPath: path) else {
            Issue.record("\(path) was not refused: \(StaticPath(requestPath: path))")
            return
        }
    }

    @Test(arguments: ["/.git/config", "/.env", "/js/.hidden", "/.%CC%81hidden"])
    func hiddenFilesAreNotFound(path: String) {
        #expect(StaticPath(requestPath: path) == .notFound)
    }
}
