import FocusCore

/// Intents spelled by fuzz bytes: each intent is an action byte and the bytes its arguments take.
/// Names (screens, lists, keys, rows) are picked by a byte from what the schema and the session
/// hold, plus one of each that nothing declares, so most intents name real things and a few do not.
struct IntentScript {
    /// The most intents one input spells: enough to reach any state of the seed screens, few
    /// enough that an input runs in milliseconds and the fuzzer tries many.
    static let maximumIntents = 128

    private var bytes: ArraySlice<UInt8>
    private var intents = 0

    init(_ input: [UInt8]) {
        bytes = input[...]
    }

    /// The next intent and the screen it is sent from, or nil at the end of the bytes.
    mutating func next(for state: SessionState, on schema: Schema) -> (intent: Intent, screen: ScreenID)? {
        guard intents < Self.maximumIntents, let action = bytes.popFirst() else { return nil }
        intents += 1
        let screen = byte() < 224 ? state.current : pick(schema.screens.map(\.id) + ["nowhere"])
        let intent: Intent
        switch action % 12 {
        case 0: intent = .focus(byte() < 32 ? nil : key(in: state, on: schema))
        case 1: intent = .edit(key(in: state, on: schema), text())
        case 2: intent = splice(in: state, on: schema)
        case 3: intent = .submit
        case 4: intent = .next
        case 5: intent = .previous
        case 6: intent = .validate
        case 7: intent = .addRow(list(on: schema))
        case 8:
            let list = list(on: schema)
            intent = .removeRow(list, pick((state[screen]?.rows(in: list) ?? []) + [RowID(high: 7, low: 7)]))
        case 9: intent = .navigate(to: pick(schema.screens.map(\.id) + ["nowhere"]))
        case 10:
            intent = .configure(SettingsPatch(animatedFocusChange: setting(byte()), ambiguousAddressBinding: setting(byte())))
        default:
            let pending = state.pendingAutoFocus?.token ?? AutoFocusToken(rawValue: 1)
            intent = .autoFocusFired(byte() < 128 ? pending : AutoFocusToken(rawValue: UInt64(byte())))
        }
        return (intent, screen)
    }

    /// A splice on the text filed under a key: the operation fits a text whose length is the field's
    /// own give or take one code unit, so some splices fit and some run past the end.
    private mutating func splice(in state: SessionState, on schema: Schema) -> Intent {
        let key = key(in: state, on: schema)
        let current = state[state.current]?.value(key).utf16.count ?? 0
        let length = max(0, current + Int(byte() % 3) - 1)
        let at = Int(byte()) % (length + 1)
        let delete = Int(byte()) % (length - at + 1)
        return .splice(key, TextOperation(TextSplice(at: at, delete: delete, insert: text()), length: length))
    }

    /// Every key a field of the schema is declared or bound with, every row key of the session's
    /// rows, a row key of a row that is not there, and a key nothing declares.
    private mutating func key(in state: SessionState, on schema: Schema) -> FocusKey {
        var keys: [FocusKey] = ["nowhere"]
        for (declaration, screen) in zip(schema.screens, state.screens) {
            keys += declaration.fields.flatMap { [$0.key] + ($0.mistakenKey.map { [$0] } ?? []) }
            for list in declaration.lists {
                let rows = screen.rows(in: list.id) + [RowID(high: 7, low: 7)]
                keys += list.fields.flatMap { field in rows.map { FocusKey(field.rowCase, id: $0) } }
            }
        }
        return pick(keys)
    }

    private mutating func list(on schema: Schema) -> ListID {
        pick(schema.screens.flatMap { $0.lists.map(\.id) } + ["nowhere"])
    }

    /// Text from a few awkward strings (combining marks, surrogate pairs, line breaks), or from the
    /// input itself, repeated up to eight times so edits reach the length limits.
    private mutating func text() -> String {
        let choice = byte()
        let count = Int(choice >> 5) + 1
        let piece: String
        if choice & 1 == 0 {
            piece = pick(Self.awkwardTexts)
        } else {
            let length = Int(byte() % 16)
            piece = String(decoding: bytes.prefix(length), as: UTF8.self)
            bytes = bytes.dropFirst(length)
        }
        return String(repeating: piece, count: count)
    }

    /// Texts that equal others as Strings but not as scalars (NFC and NFD, the Ångström sign,
    /// Hangul syllables and jamo), surrogate pairs and clusters of them, a CRLF, Markdown.
    private static let awkwardTexts = [
        "", "a", "é", "e\u{301}", "\u{212B}", "👩‍👩‍👧", "😀", "\r\n", "한", "\u{1100}\u{1161}\u{11A8}", "**x**", "0",
    ]

    private func setting(_ byte: UInt8) -> Bool? {
        switch byte % 3 {
        case 0: nil
        case 1: true
        default: false
        }
    }

    private mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[Int(byte()) % choices.count]
    }

    /// The next byte, or 0 once they are used up.
    private mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }
}
