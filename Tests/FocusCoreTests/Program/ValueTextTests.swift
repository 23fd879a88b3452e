import Testing

@testable import FocusCore

/// Values printed as Swift writes them (the `state` events, the inspector's values): a string in
/// quotes, with its quotes, backslashes, new lines and tabs escaped, and nothing else changed.
@Suite("Values printed as Swift")
struct ValueTextTests {
    static let printer = ValueText(program: SwiftUIProgram(enums: [], models: [], screens: [], components: []))

    @Test(
        "Strings: quoted, escaped where Swift escapes, kept whole elsewhere",
        arguments: [
            ("Ada Lovelace", #""Ada Lovelace""#),
            ("", #""""#),
            ("say \"hi\"", #""say \"hi\"""#),
            ("back\\slash", #""back\\slash""#),
            ("two\nlines\tand a tab", #""two\nlines\tand a tab""#),
            ("é, 😀 and ü", #""é, 😀 and ü""#),
        ])
    func strings(text: String, printed: String) {
        #expect(Self.printer.swift(.string(text)) == printed)
    }
}
