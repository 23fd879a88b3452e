import FocusCore
import Testing

/// Return and the keyboard toolbar on every screen.
@Suite("Every screen: Return and toolbar")
struct ScreenNavigationTests {
    @Test(
        "Return from each field goes to the next field of the chain, and to nil after the last",
        arguments: ScreenExpectation.all)
    func submitChain(expectation: ScreenExpectation) throws {
        var session = try TestSession(on: expectation.screen)
        let chain = expectation.chain(session.screen)
        #expect(!chain.isEmpty)
        for (position, key) in chain.enumerated() {
            try session.apply(.focus(key))
            let outcome = try session.apply(.submit)
            if expectation.keepsReturn.contains(key) {
                #expect(outcome == .unchanged(.unchanged))
                #expect(session.focus == key)
            } else {
                let expected = position + 1 < chain.count ? chain[position + 1] : nil
                #expect(session.focus == expected, "Return in \(key)")
                #expect(outcome.events == [focusEvent(expectation.screen, key, expected, .submit)])
            }
        }
    }

    @Test(
        "Next walks the whole chain and stops at the end; Previous walks back and stops at the start",
        arguments: ScreenExpectation.all)
    func toolbarEnds(expectation: ScreenExpectation) throws {
        var session = try TestSession(on: expectation.screen)
        if session.focus != nil { try session.apply(.focus(nil)) }
        let chain = expectation.chain(session.screen)

        var walked: [FocusKey] = []
        while case .applied = try session.apply(.next), let focus = session.focus {
            walked.append(focus)
        }
        #expect(walked == chain)
        #expect(try session.apply(.next) == .unchanged(.toolbarAtEnd))

        var back: [FocusKey] = []
        while case .applied = try session.apply(.previous), let focus = session.focus {
            back.append(focus)
        }
        #expect(back == chain.reversed().dropFirst().map { $0 })
        #expect(session.focus == chain.first)
        #expect(try session.apply(.previous) == .unchanged(.toolbarAtEnd))
    }

    @Test(
        "Navigating away releases the screen's focus; coming back finds it unfocused or auto-focused",
        arguments: ScreenExpectation.all)
    func leavingReleasesFocus(expectation: ScreenExpectation) throws {
        var session = try TestSession(on: expectation.screen)
        let first = try #require(expectation.chain(session.screen).first)
        try session.apply(.focus(first))
        let other: ScreenID = expectation.screen == .profile ? .tasks : .profile
        let outcome = try session.apply(.navigate(to: other))
        #expect(outcome.events.first == focusEvent(expectation.screen, first, nil, .navigation))
        #expect(outcome.events.contains(.navigate(from: expectation.screen, to: other)))
        #expect(session.state[expectation.screen]?.focus == nil)
        #expect(try session.apply(.navigate(to: other)) == .unchanged(.unchanged))
    }

    @Test("Intents for a screen that is not showing are refused", arguments: ScreenExpectation.all)
    func notCurrentScreen(expectation: ScreenExpectation) throws {
        var session = try TestSession(on: expectation.screen)
        let other: ScreenID = expectation.screen == .gift ? .checkout : .gift
        let before = session.state
        #expect(throws: FocusError.notCurrentScreen(other, current: expectation.screen)) {
            try session.apply(.submit, on: other)
        }
        #expect(throws: FocusError.unknownScreen("settings")) {
            try session.apply(.navigate(to: "settings"))
        }
        #expect(session.state == before)
    }
}
