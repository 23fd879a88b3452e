import FocusCore
import FocusProtocol
import Foundation
import TestSupport
import Testing

@Suite("Lesson catalogue")
struct LessonCatalogueTests {
    static let schema = Schema.seeds

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try StreamingJSONEncoder().encode(value), as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    // MARK: Shape

    @Test("One lesson or more for every screen of the schema, five to ten steps each, distinct ids")
    func coverage() {
        let lessons = LessonCatalogue.seeds.lessons
        #expect(Set(Self.builtIn.map(\.screen)) == Set(Self.schema.screens.map(\.id)))
        #expect(Set(lessons.map(\.id)).count == lessons.count)
        for lesson in lessons {
            #expect((5...10).contains(lesson.steps.count), "\(lesson.id) has \(lesson.steps.count) steps")
        }
    }

    @Test("The catalogue encodes, as the server encodes, to an array of lessons that decodes back unchanged")
    func roundTrip() throws {
        let text = try Self.json(LessonCatalogue.seeds)
        let parsed = try JSONValue.parse(text)
        #expect(parsed.array.count == LessonCatalogue.seeds.lessons.count)
        #expect(parsed[1]["id"] == .string("checkout-ambiguous"))
        #expect(parsed[1]["steps"][4]["settings"] == .object(JSONObject([("ambiguousAddressBinding", .bool(true))])))
        #expect(parsed[1]["steps"][1]["settings"] == .null, "a step without settings leaves them out")
        #expect(try Self.decode(LessonCatalogue.self, text) == .seeds)
    }

    @Test("A goal is written like the event it waits for: null is no focus, a member left out is anything")
    func goalShape() throws {
        let goal = LessonGoal.all([
            .event(EventPattern(kind: .focus, from: "name", to: .nothing, cause: .submit)),
            .state(StatePattern(focusedField: "address")),
        ])
        let text =
            #"{"all":[{"event":{"kind":"focus","from":"name","to":null,"cause":"submit"}},{"state":{"focusedField":"address"}}]}"#
        #expect(try Self.json(goal) == text)
        #expect(try Self.decode(LessonGoal.self, text) == goal)
        #expect(try Self.decode(LessonGoal.self, #"{"event":{"kind":"focus"}}"#) == .event(EventPattern(kind: .focus)))
        #expect(
            try Self.decode(LessonGoal.self, #"{"any":[{"state":{"focus":null,"rowFocused":false}}]}"#)
                == .any([.state(StatePattern(focus: .nothing, rowFocused: false))]))
    }

    @Test("A goal names exactly one of event, state, all and any")
    func goalNeedsOneMember() {
        for text in [#"{}"#, #"{"event":{},"state":{}}"#, #"{"every":[]}"#] {
            #expect(throws: DecodingError.self, "\(text)") { try Self.decode(LessonGoal.self, text) }
        }
        #expect(throws: DecodingError.self) { try Self.decode(LessonGoal.self, #"{"event":{"kind":"tapped"}}"#) }
    }

    @Test("Progress is four members, small enough for every update and the durable log")
    func progressShape() throws {
        let progress = try LessonCatalogue.seeds.progress("checkout-ambiguous", at: 2)
        let text = #"{"lesson":"checkout-ambiguous","step":2,"hint":false,"complete":false}"#
        #expect(try Self.json(progress) == text)
        #expect(try Self.decode(LessonProgress.self, text) == progress)
    }

    @Test("Starting an unknown lesson or a step it does not have is refused with a sentence that says what to choose")
    func refusals() {
        #expect(throws: LessonError.unknownLesson("checkout", known: LessonCatalogue.seeds.lessons.map(\.id))) {
            try LessonCatalogue.seeds.progress("checkout")
        }
        #expect(throws: LessonError.noSuchStep(10, lesson: "checkout-ambiguous", count: 10)) {
            try LessonCatalogue.seeds.progress("checkout-ambiguous", at: 10)
        }
        #expect(throws: LessonError.noSuchStep(-1, lesson: "profile-keyboard", count: 8)) {
            try LessonCatalogue.seeds.progress("profile-keyboard", at: -1)
        }
        #expect(
            LessonError.unknownLesson("checkout", known: ["profile-keyboard", "checkout-ambiguous"]).message
                == "There is no lesson called 'checkout'; choose one of profile-keyboard, checkout-ambiguous.")
        #expect(
            LessonError.noSuchStep(10, lesson: "checkout-ambiguous", count: 10).message
                == "The lesson 'checkout-ambiguous' has no step 10; choose a step from 0 to 9.")
    }

    @Test("A step's settings are those of every step up to it, less what already holds")
    func settingsAtStep() {
        let lesson = Lesson.checkoutAmbiguous
        #expect(lesson.settingsPatch(atStep: 6, from: Settings()) == SettingsPatch(ambiguousAddressBinding: true))
        #expect(lesson.settingsPatch(atStep: 6, from: Settings(ambiguousAddressBinding: true)).isEmpty)
        #expect(
            lesson.settingsPatch(atStep: 2, from: Settings(animatedFocusChange: true, ambiguousAddressBinding: true))
                == SettingsPatch(animatedFocusChange: false, ambiguousAddressBinding: false))
        #expect(Lesson.profileKeyboard.settingsPatch(atStep: 6, from: Settings()) == SettingsPatch(animatedFocusChange: true))
    }

    // MARK: Consistency with the schema

    @Test("Every name a goal uses exists where it is looked for, and every member belongs to the event kind it is on")
    func goalsMatchTheSchema() throws {
        for lesson in Self.builtIn {
            let screen = try #require(Self.schema.screen(lesson.screen), "\(lesson.id) runs on a screen the schema lacks")
            for (index, step) in lesson.steps.enumerated() {
                let place = "\(lesson.id) step \(index)"
                let (events, states) = Self.patterns(in: step.goal)
                for pattern in events {
                    let declaration = try #require(Self.schema.screen(pattern.screen ?? lesson.screen), "\(place)")
                    Self.check(pattern, on: declaration, place)
                }
                for pattern in states {
                    Self.check(pattern.focus, among: Self.cases(of: screen), place)
                    Self.check(
                        pattern.focusedField, among: Set(screen.fields.map(\.id.rawValue)).union(Self.rowCases(of: screen)), place
                    )
                    for filled in pattern.filled ?? [] {
                        #expect(screen.fields.contains { $0.key == FocusKey(filled) }, "\(place): no simple field '\(filled)'")
                    }
                    if pattern.rowFocused != nil { #expect(!screen.lists.isEmpty, "\(place): the screen has no rows") }
                }
                #expect(!events.isEmpty, "\(place): a goal made of state alone would pass on any change")
            }
        }
    }

    @Test(
        "Every lesson sets the animation switch first (its focus patterns count events); every step's settings change something its screen shows"
    )
    func settingsMatchTheSchema() throws {
        for lesson in Self.builtIn {
            let screen = try #require(Self.schema.screen(lesson.screen))
            #expect(lesson.steps.first?.settings?.animatedFocusChange != nil, "\(lesson.id)")
            for (index, step) in lesson.steps.enumerated() {
                guard let settings = step.settings else { continue }
                #expect(!settings.isEmpty, "\(lesson.id) step \(index)")
                if settings.ambiguousAddressBinding != nil {
                    #expect(
                        screen.fields.contains { $0.mistakenKey != nil },
                        "\(lesson.id) step \(index): no field to bind by mistake")
                }
            }
        }
    }

    @Test("Every step's Swift is one line, and every focus case it names is a case of the lesson's screen")
    func swiftMatchesTheSchema() throws {
        for lesson in Self.builtIn {
            let cases = Self.cases(of: try #require(Self.schema.screen(lesson.screen)))
            for (index, step) in lesson.steps.enumerated() {
                let place = "\(lesson.id) step \(index)"
                #expect(!step.swift.isEmpty && !step.swift.contains("\n"), "\(place)")
                #expect(!step.instruction.isEmpty && !step.hint.isEmpty, "\(place)")
                for name in Self.focusCasesNamed(in: step.swift) {
                    #expect(cases.contains(name), "\(place): '\(step.swift)' names .\(name), not a case of \(lesson.screen)")
                }
            }
        }
        #expect(
            Set(Self.focusCasesNamed(in: "case .name: move(to: .address)  // then focus = .phone")) == [
                "name", "address", "phone",
            ])
    }

    @Test("Every event kind a goal can name is an event the engine emits")
    func eventKinds() {
        let row = RowID(high: 1, low: 2)
        let events: [FocusEvent] = [
            .focus(screen: .gift, from: nil, to: .message, cause: .tap),
            .edit(screen: .gift, key: .message, ops: [TextSplice(at: 0, insert: "Hi")]),
            .validation(screen: .gift, valid: true, firstInvalid: nil), .rowAdded(screen: .gift, list: .emails, row: row),
            .rowRemoved(screen: .gift, list: .emails, row: row), .navigate(from: .gift, to: .tasks),
            .autoFocusScheduled(screen: .gift, key: .message, afterMilliseconds: 750),
            .autoFocusCancelled(screen: .gift, key: .message), .settings(SettingsPatch(animatedFocusChange: true)),
            .state(screen: .gift, name: "count", value: "1"), .timerSet(screen: .gift, afterMilliseconds: 250),
            .restart(screen: .gift),
        ]
        #expect(Set(EventKind.allCases.map(\.rawValue)) == Set(events.map(\.kind)))
    }

    // MARK: Helpers

    /// The lessons on the built-in screens (a lesson on a source is checked against its example
    /// in `SourceLessonCatalogueTests`).
    static let builtIn = LessonCatalogue.seeds.lessons.filter { $0.example == nil }

    /// The event and state patterns anywhere in `goal`.
    static func patterns(in goal: LessonGoal) -> (events: [EventPattern], states: [StatePattern]) {
        switch goal {
        case .event(let pattern): return ([pattern], [])
        case .state(let pattern): return ([], [pattern])
        case .source: return ([], [])
        case .all(let goals), .any(let goals):
            let parts = goals.map(patterns(in:))
            return (parts.flatMap(\.events), parts.flatMap(\.states))
        }
    }

    /// The focus cases of `screen`: its fields' keys and its lists' row cases.
    static func cases(of screen: ScreenDeclaration) -> Set<String> {
        Set(screen.fields.map(\.key.focusCase.rawValue)).union(rowCases(of: screen))
    }

    static func rowCases(of screen: ScreenDeclaration) -> Set<String> {
        Set(screen.lists.flatMap(\.fields).map(\.rowCase.rawValue))
    }

    static func check(_ pattern: NamePattern?, among names: Set<String>, _ place: String) {
        guard case .named(let name)? = pattern else { return }
        #expect(names.contains(name), "\(place): '\(name)' is not one of \(names.sorted())")
    }

    /// Checks each member of `pattern` against the members its kind has and the names on `screen`.
    static func check(_ pattern: EventPattern, on screen: ScreenDeclaration, _ place: String) {
        let kind = pattern.kind
        let focusOrNavigation = kind == .focus || kind == .navigate
        #expect(pattern.from == nil || focusOrNavigation, "\(place): from")
        #expect(pattern.to == nil || focusOrNavigation, "\(place): to")
        #expect(pattern.cause == nil || kind == .focus, "\(place): cause")
        #expect((pattern.valid == nil && pattern.firstInvalid == nil) || kind == .validation, "\(place): valid")
        #expect(pattern.key == nil || [.edit, .autoFocusScheduled, .autoFocusCancelled].contains(kind), "\(place): key")
        #expect(pattern.settings == nil || kind == .settings, "\(place): settings")
        if let settings = pattern.settings, settings.ambiguousAddressBinding != nil {
            #expect(screen.fields.contains { $0.mistakenKey != nil }, "\(place): no field to bind by mistake")
        }
        let names = kind == .navigate ? Set(schema.screens.map(\.id.rawValue)) : cases(of: screen)
        for member in [pattern.from, pattern.to, pattern.firstInvalid, pattern.key] {
            check(member, among: names, place)
        }
    }

    /// The case names a line of Swift assigns, moves to, binds, returns or switches on: what
    /// follows `focus = .`, `move(to: .`, `equals: .`, `return .` and `case .`.
    static func focusCasesNamed(in line: String) -> [String] {
        var names: [String] = []
        for marker in ["focus = .", "move(to: .", "equals: .", "return .", "case ."] {
            var rest = Substring(line)
            while let range = rest.range(of: marker) {
                rest = rest[range.upperBound...]
                names.append(String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
            }
        }
        return names
    }
}
