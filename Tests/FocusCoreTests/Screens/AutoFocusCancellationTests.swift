import FocusCore
import Testing

/// Everything a person can do on the gift screen before its timer fires cancels the auto-focus.
@Suite("Gift auto-focus cancellation")
struct AutoFocusCancellationTests {
    struct Interruption: Sendable, CustomTestStringConvertible {
        let name: String
        let intent: @Sendable (ScreenState) -> Intent

        var testDescription: String { name }
    }

    static let interruptions: [Interruption] = [
        Interruption(name: "tap the message", intent: { _ in .focus(.message) }),
        Interruption(name: "tap an email", intent: { .focus(.row(id: $0.rows(in: .emails)[0])) }),
        Interruption(name: "toolbar Next", intent: { _ in .next }),
        Interruption(name: "toolbar Previous", intent: { _ in .previous }),
        Interruption(name: "add an email", intent: { _ in .addRow(.emails) }),
        Interruption(name: "Send with the message empty", intent: { _ in .validate }),
        Interruption(name: "navigate away", intent: { _ in .navigate(to: .tasks) }),
    ]

    @Test(
        "The interruption cancels the timer and the timer's firing later changes nothing",
        arguments: interruptions)
    func cancelled(interruption: Interruption) throws {
        var session = try TestSession(on: .gift)
        let scheduled = session.lastEffects
        guard case .scheduleAutoFocus(let token, 750, .gift, .message)? = scheduled.first else {
            Issue.record("gift did not schedule its auto-focus: \(scheduled)")
            return
        }
        let outcome = try session.apply(interruption.intent(session.screen))
        #expect(outcome.events.contains(.autoFocusCancelled(screen: .gift, key: .message)))
        #expect(outcome.effects.contains(.cancelAutoFocus(token: token)))
        #expect(session.state.pendingAutoFocus == nil)

        let focusAfterInterruption = session.state[.gift]?.focus
        #expect(try session.apply(.autoFocusFired(token), on: .gift) == .unchanged(.unchanged))
        #expect(session.state[.gift]?.focus == focusAfterInterruption)
    }

    @Test("Editing without moving focus leaves the timer pending")
    func editKeepsTimer() throws {
        var session = try TestSession(on: .gift)
        try session.apply(.edit(.message, "Hello"))
        let pending = try #require(session.state.pendingAutoFocus)
        #expect(pending.key == .message)
        try session.apply(.autoFocusFired(pending.token), on: .gift)
        #expect(session.focus == .message)
    }
}
