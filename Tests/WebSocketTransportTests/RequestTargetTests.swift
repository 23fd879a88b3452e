import TestSupport
import Testing

@testable import WebSocketTransport

/// What reaches ``HTTPRequest/path`` and ``HTTPRequest/query`` for hostile or unusual request
/// targets. libwebsockets 4.1.6 decodes `%XX` and then normalises the path while parsing
/// (`//` → `/`, `/./` → `/`, `/x/..` → `/`, `+` → space, `&` and `;` split the target into
/// pieces), after the transport's own parser refused malformed escapes; the transport re-encodes what is left, so the handler sees a percent-encoded,
/// already-normalised path that it decodes exactly once. `..` never survives, even encoded.
@Suite("Request targets as libwebsockets sanitises them", .tags(.transport))
struct RequestTargetTests {
    static let cases: [(target: String, path: String, query: String)] = [
        ("/a/../b", "/b", ""),
        ("/../../x", "/x", ""),
        ("/%2e%2e/etc/passwd", "/etc/passwd", ""),
        ("/a/%2e%2e/b", "/b", ""),
        ("/..%2fetc", "/etc", ""),
        ("//x//y", "/x/y", ""),
        ("/./a/./b", "/a/b", ""),
        ("/a%2fb", "/a/b", ""),  // an encoded slash is a slash by the time it arrives
        ("/%41%42", "/AB", ""),
        ("/100%25", "/100%25", ""),  // a decoded % is encoded again
        ("/sp%20ace", "/sp%20ace", ""),
        ("/a+b", "/a%20b", ""),  // libwebsockets turns + into a space, even in the path
        ("/a;b", "/a;b", ""),
        ("/a&b", "/a;b", ""),  // & and ; split the path; the pieces are joined with ;
        ("/é", "/%C3%A9", ""),
        ("/ws?session=abc", "/ws", "session=abc"),
        ("/q?x=%26y&z=%3D1", "/q", "x=%26y&z==1"),  // values are re-encoded, so & inside stays %26
        ("/q?q=a+b%2Bc", "/q", "q=a%20b%2Bc"),
        ("/q?a;b&c", "/q", "a&b&c"),
    ]

    @Test(arguments: cases)
    func pathAndQueryAfterSanitising(target: String, path: String, query: String) throws {
        let test = try TransportServer(.poll)
        defer { test.stop() }
        let response = try test.get(target)
        #expect(response.status == 200)
        let request = try #require(test.handler.snapshot.httpRequests.first)
        #expect(request.path == path)
        #expect(request.query == query)
    }

    @Test func malformedEscapeIsRefusedByTheTransport() throws {
        let test = try TransportServer(.poll)
        defer { test.stop() }
        #expect(try test.get("/%zz").status == 400)
        #expect(test.handler.snapshot.httpRequests.isEmpty)
    }
}
