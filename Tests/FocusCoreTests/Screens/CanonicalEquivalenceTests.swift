import FocusCore
import Testing

/// Text that Swift's `String ==` calls equal but a person typed differently is a change: it must
/// reach the session, not be acknowledged as `unchanged`.
@Suite("Canonically equivalent text")
struct CanonicalEquivalenceTests {
    static let pairs: [(String, String, String)] = [
        ("é precomposed, then e + combining acute", "\u{E9}", "e\u{301}"),
        ("Hangul syllable, then its jamo", "\u{D55C}", "\u{1112}\u{1161}\u{11AB}"),
        ("Ångström sign, then A with ring above", "\u{212B}", "\u{C5}"),
        ("A with ring above, then A + combining ring", "\u{C5}", "A\u{30A}"),
    ]

    @Test("An edit to a canonically equivalent spelling is applied and stored byte for byte", arguments: pairs)
    func equivalentEditIsApplied(name: String, first: String, second: String) throws {
        #expect(first == second, "Swift treats the pair as equal; that is the trap")
        var session = try TestSession(on: .profile)
        try session.apply(.edit(.firstName, first))
        let outcome = try session.apply(.edit(.firstName, second))
        let expected = FocusEvent.edit(screen: .profile, key: .firstName, ops: [TextSplice(from: first, to: second)])
        #expect(outcome.events == [expected], "\(name)")
        #expect(
            TextSplice(from: first, to: second).applied(to: first).utf8.elementsEqual(second.utf8),
            "the ops turn one spelling into the other")
        #expect(Array(session.screen.value(.firstName).utf8) == Array(second.utf8))
    }

    @Test("The same bytes again are unchanged")
    func identicalEditIsUnchanged() throws {
        var session = try TestSession(on: .profile)
        try session.apply(.edit(.firstName, "e\u{301}"))
        #expect(try session.apply(.edit(.firstName, "e\u{301}")) == .unchanged(.unchanged))
    }
}
