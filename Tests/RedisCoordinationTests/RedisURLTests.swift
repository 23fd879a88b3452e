import Testing

@testable import RedisCoordination

@Suite("Redis URL and node id")
struct RedisURLTests {
    @Test(arguments: [
        ("redis://127.0.0.1:6379", RedisURL(host: "127.0.0.1", port: 6379, database: 0)),
        ("redis://localhost", RedisURL(host: "localhost", port: 6379, database: 0)),
        ("redis://cache.internal:7000/3", RedisURL(host: "cache.internal", port: 7000, database: 3)),
        ("redis://[::1]:6380/", RedisURL(host: "::1", port: 6380, database: 0)),
    ])
    func parsesTheDocumentedForms(text: String, expected: RedisURL) throws {
        #expect(try RedisURL(parsing: text) == expected)
    }

    @Test func printsAFullURL() {
        #expect(RedisURL(host: "::1", port: 6380, database: 2).description == "redis://[::1]:6380/2")
    }

    @Test(arguments: [
        ("127.0.0.1:6379", "it does not start with redis://"),
        ("redis://", "the host is missing"),
        ("redis://:6379", "the host is missing"),
        ("redis://host:0", "the port must be a number from 1 to 65535"),
        ("redis://host:http", "the port must be a number from 1 to 65535"),
        ("redis://host/db", "the database after '/' must be a number"),
        ("redis://user:secret@host", "'@' is not supported: no user, password or parameters"),
        ("redis://[::1", "the IPv6 address has no closing ']'"),
    ])
    func refusesOtherFormsNamingTheOptionAndTheExpectedForm(text: String, problem: String) {
        #expect(throws: RedisCoordinationError.invalidURL(given: text, problem: problem)) { try RedisURL(parsing: text) }
        let message = RedisCoordinationError.invalidURL(given: text, problem: problem).description
        #expect(message.hasPrefix("--redis '\(text)' is not a Redis URL"))
        #expect(message.contains("expected redis://host:port[/db]"))
    }

    @Test func nodeIDsAreShortAndPlain() throws {
        let url = RedisURL(host: "127.0.0.1")
        #expect(try RedisCoordinatorConfiguration(url: url, nodeID: "node-1.a_b").nodeID == "node-1.a_b")
        for bad in ["", "node/1", "node 1", "nöde", String(repeating: "n", count: 65)] {
            #expect(throws: RedisCoordinationError.invalidNodeID(bad)) {
                try RedisCoordinatorConfiguration(url: url, nodeID: bad)
            }
        }
        #expect(RedisCoordinationError.invalidNodeID("a/b").description.hasPrefix("--node-id 'a/b' cannot name a node"))
    }
}
