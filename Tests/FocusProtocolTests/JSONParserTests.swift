import FocusProtocol
import Testing

@Suite("Strict JSON")
struct JSONParserTests {
    static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test(
        "Valid JSON texts read as the values they write",
        arguments: [
            (#"{"type":"ping"}"#, JSONValue.object(JSONObject([("type", .string("ping"))]))),
            (
                " [1, -0, 2.5, 1e3, true, false, null] ",
                .array([.integer(1), .integer(0), .number(2.5), .number(1000), .bool(true), .bool(false), .null])
            ),
            (#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#, .string("a\"\\/\u{8}\u{C}\n\r\té😀")),
            ("9223372036854775807", .integer(Int64.max)),
            ("9223372036854775808", .number(9_223_372_036_854_775_808)),
            ("{}", .object(JSONObject())),
            ("\"é\"", .string("é")),
        ])
    func valid(text: String, expected: JSONValue) throws {
        #expect(try Self.parse(text) == expected)
    }

    @Test(
        "Anything else is refused with what is wrong and where",
        arguments: [
            (#"{"type":"ping",}"#, "a trailing comma"),
            ("[1,]", "a trailing comma"),
            ("01", "a number with a leading zero"),
            ("-01", "a number with a leading zero"),
            ("1.", "a '.' without digits after it"),
            ("1e", "an exponent without digits"),
            ("1e400", "a number too large for a double"),
            ("", "the end of the text where a value was expected"),
            ("{} {}", "text after the JSON value"),
            ("{'a':1}", "a member name that is not a string"),
            (#"{"a" 1}"#, "a missing ':' after a member name"),
            (#"{"a":1,"a":2}"#, "the member name 'a' twice"),
            ("\"a\u{1}\"", "a control character inside a string"),
            (#""\ud83d""#, "a lone surrogate escape"),
            (#""\ude00""#, "a lone surrogate escape"),
            (#""\x""#, "an unknown escape"),
            (#""\u12""#, #"a \u escape with fewer than four hex digits"#),
            ("\"abc", "a string without its closing quote"),
            ("tru", "an unknown word"),
            ("nul", "an unknown word"),
            ("// comment\n1", "an unexpected character where a value was expected"),
            (String(repeating: "[", count: 40) + String(repeating: "]", count: 40), "nesting deeper than 32 levels"),
        ])
    func refused(text: String, problem: String) {
        #expect(throws: JSONSyntaxError.self) { try Self.parse(text) }
        do {
            _ = try Self.parse(text)
        } catch {
            #expect(error.problem == problem)
        }
    }

    @Test("Bytes that are not UTF-8 inside a string are refused")
    func invalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }
}
