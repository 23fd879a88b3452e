import FocusCore
import FocusProtocol
import Sessions
import TestSupport
import Testing

/// The update is the whole truth: its patch applied to the previous snapshot's `state` with the
/// page's one generic merge function, and its text edits' ops to the texts, give exactly the
/// next snapshot's `state`.
@Suite("Merge patches")
struct PatchTests {
    static func stateJSON(_ machine: inout SessionMachine) throws -> JSONValue {
        try JSONParser.parse(try StreamingJSONEncoder().encode(machine.sessionSnapshot())).canonical
    }

    /// A random intent the screen showing can probably take (focus, typing, Return, a tap on any
    /// control drawn, another screen, a restart, a lesson), or something it refuses (a field of
    /// another screen, a lesson of the built-in screens, an intent sent from another screen).
    static func randomIntent(_ machine: SessionMachine, _ random: inout SplitMix64) -> (ScreenID, IntentMessage.Action) {
        let snapshot = machine.sessionSnapshot()
        let screen = snapshot.screen
        let controls = snapshot.program.drawn.controls
        let fields = controls.filter(\.kind.isTextField).compactMap(\.key)
        let taps = controls.compactMap(\.key)
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        let texts = ["", "Ada", "a@b.co", "+44 20 7946 0000", "**bold** and `code`", "e\u{301}", "\u{E9}"]
        let screens = Seed.screens.map { ScreenID(rawValue: $0) }
        switch random.next() % 13 {
        case 0, 1: return (screen, .focus(fields.isEmpty ? nil : pick(fields)))
        case 2, 3: return (screen, fields.isEmpty ? .submit : .edit(pick(fields), pick(texts)))
        case 4: return (screen, .submit)
        case 5, 6, 7: return (screen, taps.isEmpty ? .submit : .tap(pick(taps)))
        case 8: return (screen, .focus(pick(["firstName", "address", "message", "c99"])))
        case 9: return (screen, .navigate(pick(screens)))
        case 10: return (screen, random.next() % 3 == 0 ? .restart : .focus(nil))
        case 11: return (screen, .lesson(pick(LessonCatalogue.seeds.lessons.map(\.id)), step: 0))
        default: return (pick(screens), .focus(nil))
        }
    }

    @Test(
        "Snapshot + patches = snapshot, and = what a member joining is sent, over 1,200 random intents on every screen (seeded)",
        arguments: [11, 22, 33] as [UInt64])
    func patchesAreExact(seed: UInt64) throws {
        var harness = Harness()
        harness.join(1)
        var random = SplitMix64(seed: seed)
        var state = try Self.stateJSON(&harness.machine)
        var seq = 0
        for step in 0..<400 {
            seq += 1
            let (screen, action) = Self.randomIntent(harness.machine, &random)
            var outputs = harness.intent(1, seq: seq, screen, action)
            if random.next() % 10 == 0 {
                let before = harness.log.count
                harness.advance(by: 800)
                outputs += harness.log[before...]
            }
            for case .broadcast(.update(let update)) in outputs {
                let events = try JSONParser.parse(try StreamingJSONEncoder().encode(update.events))
                state = state.merging(.object(update.patch)).applyingEvents(of: events).canonical
            }
            let expected = try Self.stateJSON(&harness.machine)
            #expect(state == expected, "seed \(seed), step \(step): \(action)")
            if state != expected { return }
            if step % 50 == 49 {
                // What a member joining now is sent (the encoding members share until the next change).
                let joined = harness.join(UInt64(1_000 + step))
                let sent = try JSONParser.parse(try #require(joined).state.text).canonical
                #expect(sent == state, "seed \(seed), a member joining after step \(step)")
            }
        }
    }

    @Test("A focus change is its events and the drawn screen's focus alone, under 600 bytes")
    func focusUpdateIsSmall() throws {
        var harness = Harness()
        harness.join(1)
        var updates: [UpdateMessage] = []
        for seq in 1...3 {
            for case .broadcast(.update(let update)) in harness.intent(
                1, seq: seq, .profileForm, .focus(seq % 2 == 1 ? "firstName" : "lastName"))
            {
                updates.append(update)
            }
        }
        try #require(updates.count == 3)
        for (index, update) in updates.enumerated() {
            let drawn = JSONValue.object(update.patch)["program"]["drawn"]
            #expect(Set(JSONValue.object(update.patch).members.keys) == ["screen", "program"], "\(update.patch)")
            var expected: Set<String> = ["focused", "focusValues"]
            // The keyboard's Previous and Next come with the first field to take focus.
            if index == 0 { expected.insert("keyboardToolbar") }
            #expect(Set(drawn.members.keys) == expected, "nothing else of the screen: \(update.patch)")
            let bytes = ServerMessage.update(update).encoded().count
            #expect(bytes < (index == 0 ? 600 : 400), "a one-field focus change is \(bytes) bytes")
        }
    }
}
