import FocusCore
import TestSupport

/// Draws intents, good and bad, for a session, so long random runs visit every rule.
struct RandomIntents {
    let home: ScreenID
    var generator: SplitMix64

    static let texts = ["", "Ada", "ada@example.com", "not an email", "+44 20 7946 0000", "12", "  ", "Line\nbreak"]
    static let tooLong = String(repeating: "x", count: 10_001)
    static let screens: [ScreenID] = [.profile, .checkout, .gift, .tasks, "settings"]

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: 0..<choices.count, using: &generator)]
    }

    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &generator) < percent
    }

    /// The next intent and the screen it claims to come from.
    mutating func next(for session: TestSession) -> (Intent, ScreenID) {
        let current = session.state.current
        let snapshot = session.snapshot
        let declaredKeys = Array(snapshot.values.keys)
        let lists = session.engine.schema.screen(current)?.lists.map(\.id) ?? []
        let rows = snapshot.rows.flatMap { list, ids in ids.map { (list, $0) } }

        if chance(3) { return (.navigate(to: current == home && !chance(20) ? pick(Self.screens) : home), pick(Self.screens)) }
        if chance(2) { return (pick(Self.intentsForAnyScreen), pick(Self.screens)) }

        let intent: Intent
        switch Int.random(in: 0..<13, using: &generator) {
        case 0, 1: intent = .focus(chance(85) ? declaredKeys.isEmpty ? nil : pick(declaredKeys) : strayKey())
        case 2: intent = .focus(nil)
        case 3, 4:
            let key = declaredKeys.isEmpty || chance(5) ? strayKey() : pick(declaredKeys)
            intent = .edit(key, chance(2) ? Self.tooLong : pick(Self.texts))
        case 5: intent = .submit
        case 6: intent = .next
        case 7: intent = .previous
        case 8: intent = .validate
        case 9: intent = .addRow(lists.isEmpty || chance(10) ? "guests" : pick(lists))
        case 10:
            if let (list, row) = rows.isEmpty || chance(10) ? nil : pick(rows) {
                intent = .removeRow(list, row)
            } else {
                intent = .removeRow(lists.first ?? "guests", RowID.random(using: &generator))
            }
        case 11:
            intent = .configure(
                SettingsPatch(
                    animatedFocusChange: chance(50) ? chance(50) : nil,
                    ambiguousAddressBinding: chance(50) ? chance(50) : nil
                ))
        default:
            let stray = AutoFocusToken(rawValue: generator.next() % 5)
            let pending = session.state.pendingAutoFocus?.token
            intent = .autoFocusFired(chance(70) ? pending ?? stray : stray)
        }
        return (intent, chance(97) ? current : pick(Self.screens))
    }

    /// A key that is probably not bound on the current screen.
    private mutating func strayKey() -> FocusKey {
        chance(50) ? pick(Self.simpleKeys) : FocusKey(pick(Self.rowCases), id: RowID.random(using: &generator))
    }

    /// Every screen's simple keys, and every list's row cases, as the seed schema declares them.
    private static let simpleKeys = Schema.seeds.screens.flatMap(\.fields).map(\.key)
    private static let rowCases = Schema.seeds.screens.flatMap(\.lists).flatMap(\.fields).map(\.rowCase)

    /// Intents sent from a screen picked at random, mostly not the current one.
    private static let intentsForAnyScreen: [Intent] = [.submit, .validate, .focus(.firstName), .addRow(.tasks)]
}
