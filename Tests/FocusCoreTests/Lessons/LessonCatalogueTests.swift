import FocusCore
import FocusProtocol
import Foundation
import TestSupport
import Testing

@Suite("Lesson catalogue")
struct LessonCatalogueTests {
    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try StreamingJSONEncoder().encode(value), as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    // MARK: Shape

    @Test("One lesson for every seed screen, five to eleven steps each, distinct ids")
    func coverage() {
        let lessons = LessonCatalogue.seeds.lessons
        #expect(lessons.map(\.screen.rawValue) == ["ProfileForm", "CheckoutForm", "GiftMessageForm", "ReminderList"])
        #expect(Set(lessons.map(\.id)).count == lessons.count)
        for lesson in lessons {
            #expect((5...11).contains(lesson.steps.count), "\(lesson.id) has \(lesson.steps.count) steps")
        }
    }

    @Test("The catalogue encodes, as the server encodes, to an array of lessons that decodes back unchanged")
    func roundTrip() throws {
        let text = try Self.json(LessonCatalogue.seeds)
        let parsed = try JSONValue.parse(text)
        #expect(parsed.array.count == LessonCatalogue.seeds.lessons.count)
        #expect(parsed[1]["id"] == .string("checkout-source"))
        #expect(parsed[1]["example"] == .string("seeds/checkout"))
        #expect(parsed[1]["steps"][0]["settings"] == .null, "a step has no settings: its lesson asks for edits of the code")
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
        let progress = try LessonCatalogue.seeds.progress("checkout-source", at: 2)
        let text = #"{"lesson":"checkout-source","step":2,"hint":false,"complete":false}"#
        #expect(try Self.json(progress) == text)
        #expect(try Self.decode(LessonProgress.self, text) == progress)
    }

    @Test("Starting an unknown lesson or a step it does not have is refused with a sentence that says what to choose")
    func refusals() {
        #expect(throws: LessonError.unknownLesson("checkout", known: LessonCatalogue.seeds.lessons.map(\.id))) {
            try LessonCatalogue.seeds.progress("checkout")
        }
        let checkout = Lesson.checkoutSource.steps.count
        #expect(throws: LessonError.noSuchStep(checkout, lesson: "checkout-source", count: checkout)) {
            try LessonCatalogue.seeds.progress("checkout-source", at: checkout)
        }
        #expect(throws: LessonError.noSuchStep(-1, lesson: "profile-source", count: Lesson.profileSource.steps.count)) {
            try LessonCatalogue.seeds.progress("profile-source", at: -1)
        }
        #expect(
            LessonError.unknownLesson("checkout", known: ["profile-keyboard", "checkout-ambiguous"]).message
                == "There is no lesson called 'checkout'; choose one of profile-keyboard, checkout-ambiguous.")
        #expect(
            LessonError.noSuchStep(10, lesson: "checkout-ambiguous", count: 10).message
                == "The lesson 'checkout-ambiguous' has no step 10; choose a step from 0 to 9.")
    }
}
