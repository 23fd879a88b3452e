import FocusCore
import Testing

/// Every lesson on a source fits its example: the example compiles and has the lesson's screen,
/// every step's Swift is a line of it, and every field a focus goal names is one it draws.
@Suite("Lessons on sources, against their examples")
struct SourceLessonCatalogueTests {
    static let lessons = LessonCatalogue.seeds.lessons

    @Test("Every lesson runs on an example's source")
    func everyOneHasAnExample() {
        #expect(!Self.lessons.isEmpty)
        #expect(Self.lessons.allSatisfy { $0.example != nil })
    }

    @Test("Each lesson's example has its screen, its steps' Swift lines and the fields its goals name")
    func lessonsFitTheirExamples() throws {
        for lesson in Self.lessons {
            let form = try ExampleForm(try #require(lesson.example))
            #expect(form.interpreter.screenNames.contains(lesson.screen.rawValue), "\(lesson.id.rawValue)")
            let lines = Set(form.source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            for step in lesson.steps {
                #expect(lines.contains(step.swift), "\(lesson.id.rawValue): `\(step.swift)` is not a line of the example")
            }
            let drawn = Set(form.drawn.allViews.compactMap { $0.key?.focusCase.rawValue })
            for name in Self.focusNames(in: lesson.steps.map(\.goal)) {
                #expect(drawn.contains(name), "\(lesson.id.rawValue): no field \(name) in \(drawn)")
            }
        }
    }

    static func focusNames(in goals: [LessonGoal]) -> [String] {
        goals.flatMap { goal -> [String] in
            switch goal {
            case .event(let pattern):
                [pattern.from, pattern.to].compactMap { if case .named(let name)? = $0 { name } else { nil } }
            case .all(let goals), .any(let goals): focusNames(in: goals)
            case .state, .source: []
            }
        }
    }
}
