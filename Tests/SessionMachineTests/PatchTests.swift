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

    /// A random intent the current screen can probably take, or something it refuses.
    static func randomIntent(_ machine: SessionMachine, _ random: inout SplitMix64) -> (ScreenID, IntentMessage.Action) {
        let screen = machine.state.current
        let declaration = Schema.seeds.screen(screen)!
        let rows = declaration.lists.flatMap { list in machine.state[screen]!.rows(in: list.id).map { (list, $0) } }
        var keys = declaration.fields.map(\.key)
        for (list, row) in rows { keys += list.fields.map { FocusKey($0.rowCase, id: row) } }
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        let texts = ["", "Ada", "a@b.co", "+44 20 7946 0000", "**bold** and `code`", "e\u{301}", "\u{E9}"]
        switch random.next() % 13 {
        case 0, 1: return (screen, .focus(keys.isEmpty ? nil : pick(keys)))
        case 2, 3: return (screen, keys.isEmpty ? .submit : .edit(pick(keys), pick(texts)))
        case 4: return (screen, .submit)
        case 5: return (screen, random.next() % 2 == 0 ? .next : .previous)
        case 6: return (screen, .validate)
        case 7: return (screen, declaration.lists.first.map { .addRow($0.id) } ?? .focus(nil))
        case 8:
            return (
                screen,
                rows.isEmpty
                    ? .validate
                    : {
                        let (list, row) = pick(rows); return .removeRow(list.id, row)
                    }()
            )
        case 9: return (screen, .navigate(pick(Schema.seeds.screens.map(\.id))))
        case 11: return (screen, .lesson(pick(LessonCatalogue.seeds.lessons.map(\.id)), step: 0))
        case 10:
            return (
                screen,
                .configure(
                    SettingsPatch(
                        animatedFocusChange: random.next() % 2 == 0, ambiguousAddressBinding: random.next() % 2 == 0))
            )
        default: return (pick(Schema.seeds.screens.map(\.id)), .focus(nil))
        }
    }

    @Test(
        "Snapshot + patches = snapshot, and = what a member joining is sent, over 3,000 random intents on every screen (seeded)",
        arguments: [11, 22, 33] as [UInt64])
    func patchesAreExact(seed: UInt64) throws {
        var harness = Harness()
        harness.join(1)
        var random = SplitMix64(seed: seed)
        var state = try Self.stateJSON(&harness.machine)
        var seq = 0
        for step in 0..<1_000 {
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

    @Test("A focus change is its event alone, under 200 bytes")
    func focusUpdateIsSmall() throws {
        var harness = Harness()
        harness.join(1)
        var updates: [UpdateMessage] = []
        for seq in 1...3 {
            for case .broadcast(.update(let update)) in harness.intent(
                1, seq: seq, .profile, .focus(seq % 2 == 1 ? .firstName : .lastName))
            {
                updates.append(update)
            }
        }
        try #require(updates.count == 3)
        for update in updates {
            #expect(update.patch.isEmpty, "what each focus value shows is in byFocus already: \(update.patch)")
            let bytes = ServerMessage.update(update).encoded().count
            #expect(bytes < 200, "a one-field focus change is \(bytes) bytes (v1 sent about 525)")
        }
    }

    @Test("A row added or removed patches only the byFocus entries it changed")
    func rowPatchesPresentations() throws {
        var harness = Harness()
        harness.join(1)
        _ = harness.intent(1, seq: 1, .profile, .navigate(.tasks))
        var seq = 1
        func byFocus(_ harness: inout Harness) throws -> [String: FocusPresentation] {
            try #require(harness.machine.sessionSnapshot().screens[.tasks]).byFocus
        }
        func patched(_ action: IntentMessage.Action, _ harness: inout Harness) throws -> (patch: JSONValue, changed: Set<String>)
        {
            let before = try byFocus(&harness)
            seq += 1
            let update = try #require(
                harness.intent(1, seq: seq, .tasks, action).lazy.compactMap {
                    if case .broadcast(.update(let update)) = $0 { update } else { nil }
                }.first)
            let after = try byFocus(&harness)
            return (
                JSONValue.object(update.patch)["screens"]["tasks"]["byFocus"],
                Set(after.keys).union(before.keys).filter { before[$0] != after[$0] }
            )
        }
        let added = try patched(.addRow("tasks"), &harness)
        let row = try #require(harness.machine.state[.tasks]?.rows(in: "tasks").last)
        #expect(added.changed.contains("title/\(row)"), "the new row's keys appear")
        #expect(Set(added.patch.members.keys) == added.changed)
        #expect(added.patch["title/\(row)"]["focusSwift"].string == ".title(id: \(row))")

        let removed = try patched(.removeRow("tasks", row), &harness)
        #expect(removed.changed.contains("title/\(row)"))
        #expect(Set(removed.patch.members.keys) == removed.changed)
        #expect(removed.patch.members["title/\(row)"] == .null, "a removed row's keys go")
    }
}
