import FocusCore
import Foundation
import TestSupport
import Testing

/// Thousands of random intents per screen, checking what must always hold.
@Suite("Random intent runs")
struct RandomRunTests {
    static let steps = 3_000

    @Test(
        "Focus stays on a bound key or nil, refusals change nothing, keys and state round-trip",
        arguments: [ScreenID.profile, .checkout, .gift, .tasks])
    func randomRun(home: ScreenID) throws {
        var session = try TestSession(on: home, seed: UInt64(home.rawValue.utf8.count) * 7_919)
        var intents = RandomIntents(
            home: home, generator: SplitMix64(seed: 0xF0C5 ^ home.rawValue.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        var applied = 0
        var refused = 0
        for step in 0..<Self.steps {
            let (intent, screen) = intents.next(for: session)
            let before = session.state
            do {
                let outcome = try session.apply(intent, on: screen)
                if case .unchanged = outcome {
                    #expect(session.state == before, "step \(step): \(intent) said unchanged but changed the state")
                } else {
                    applied += 1
                }
                checkFocusEvents(outcome, session: session, step: step)
            } catch {
                refused += 1
                #expect(session.state == before, "step \(step): refused \(intent) (\(error)) but changed the state")
            }
            checkFocusIsBound(session, step: step)
            if step % 250 == 0 || step == Self.steps - 1 {
                try checkRoundTrips(session)
            }
        }
        #expect(applied > Self.steps / 3, "the run should mostly apply intents")
        #expect(refused > 0, "the run should try some invalid intents")
    }

    /// Every screen's focus is nil or a key bound to a field of that screen; only the current
    /// screen may have focus.
    private func checkFocusIsBound(_ session: TestSession, step: Int) {
        for declaration in session.engine.schema.screens {
            guard let focus = session.state[declaration.id]?.focus else { continue }
            #expect(declaration.id == session.state.current, "step \(step): \(declaration.id) kept focus after it was left")
            let snapshot = try! session.engine.snapshot(of: declaration.id, in: session.state)
            let bound: Bool
            if let rowCase = focus.rowCase, let row = focus.rowID {
                bound = declaration.lists.contains { $0.field(rowCase) != nil && snapshot.rows[$0.id]?.contains(row) == true }
            } else {
                bound = snapshot.bindings.contains { $0.key == focus }
            }
            #expect(bound, "step \(step): focus \(focus) on \(declaration.id) is bound to no field")
        }
    }

    /// The last focus event of each screen ends where that screen's focus now is.
    private func checkFocusEvents(_ outcome: Outcome, session: TestSession, step: Int) {
        var last: [ScreenID: FocusKey?] = [:]
        for case .focus(let screen, _, let to, _) in outcome.events {
            last[screen] = to
        }
        for (screen, to) in last {
            #expect(session.state[screen]?.focus == to, "step \(step): the events end at \(String(describing: to))")
        }
    }

    private func checkRoundTrips(_ session: TestSession) throws {
        for screen in session.state.screens {
            for key in screen.values.keys {
                #expect(FocusKey(name: key.name) == key)
            }
        }
        let state = try JSONDecoder().decode(SessionState.self, from: JSONEncoder().encode(session.state))
        #expect(state == session.state)
        let snapshot = session.engine.snapshot(of: session.state)
        #expect(try JSONDecoder().decode(SessionSnapshot.self, from: JSONEncoder().encode(snapshot)) == snapshot)
    }
}
