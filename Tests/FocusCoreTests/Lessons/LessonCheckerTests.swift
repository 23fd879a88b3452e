import FocusCore
import TestSupport
import Testing

@Suite("Lesson checker")
struct LessonCheckerTests {
    static let row = RowID(high: 0x6F1C_0E0A_88E2_4A4B, low: 0x9C61_0D3C_7B2E_1A55)

    /// A screen as a lesson's state goals read it: nothing focused, no text, unless given.
    static func scene(focus: String? = nil, focusedField: String? = nil, texts: [FocusKey: String] = [:]) -> LessonScene {
        LessonScene(
            focus: focus, focusedField: focusedField ?? focus, rowFocused: focusedField?.contains("/") ?? false, texts: texts,
            source: nil, warnings: [])
    }

    /// Whether one change with `events`, leaving the lesson's screen as `scene`, meets `goal` in
    /// a lesson on `screen`.
    static func passes(
        _ goal: LessonGoal, _ events: [FocusEvent], on screen: ScreenID = .gift, scene: LessonScene = scene()
    ) throws -> Bool {
        let lesson = Lesson(
            id: "probe", title: "Probe", screen: screen, summary: "One goal.",
            steps: [LessonStep(instruction: "Do it.", hint: "Try again.", swift: "focus = nil", goal: goal, neutral: [])])
        var progress = try LessonCatalogue(lessons: [lesson]).progress(lesson.id)
        return progress.observe(events: events, after: scene, in: lesson) == .passed
    }

    static func focus(_ from: FocusKey?, _ to: FocusKey?, _ cause: FocusCause = .tap, on screen: ScreenID = .gift) -> FocusEvent {
        .focus(screen: screen, from: from, to: to, cause: cause)
    }

    @Test("A name matches a key by its case whatever the row id; a simple key only by its own name")
    func namesIgnoreRowIDs() throws {
        let toRow = LessonGoal.event(EventPattern(kind: .focus, to: "email"))
        #expect(try Self.passes(toRow, [Self.focus(nil, .email(id: Self.row))]))
        #expect(try !Self.passes(toRow, [Self.focus(nil, .message)]))
        #expect(try !Self.passes(.event(EventPattern(to: "emai")), [Self.focus(nil, .email(id: Self.row))]))
    }

    @Test("null matches only no focus; a member left out matches anything")
    func nullAndAbsent() throws {
        let toNothing = LessonGoal.event(EventPattern(kind: .focus, to: .nothing))
        #expect(try Self.passes(toNothing, [Self.focus(.message, nil)]))
        #expect(try !Self.passes(toNothing, [Self.focus(nil, .message)]))
        let anyFocus = LessonGoal.event(EventPattern(kind: .focus))
        #expect(try Self.passes(anyFocus, [Self.focus(.message, nil)]))
        #expect(try Self.passes(anyFocus, [Self.focus(nil, .message)]))
    }

    @Test("A member the event does not have never matches; from and to of a navigation are screens")
    func membersMustExist() throws {
        let toMessage = LessonGoal.event(EventPattern(to: "message"))
        #expect(try !Self.passes(toMessage, [.edit(screen: .gift, key: .message, ops: [TextSplice(at: 0, insert: "Hi")])]))
        let keyMessage = LessonGoal.event(EventPattern(key: "message"))
        #expect(try Self.passes(keyMessage, [.edit(screen: .gift, key: .message, ops: [TextSplice(at: 0, insert: "Hi")])]))
        #expect(try !Self.passes(keyMessage, [Self.focus(nil, .message)]))
        let toGift = LessonGoal.event(EventPattern(kind: .navigate, to: "GiftMessageForm"))
        #expect(try Self.passes(toGift, [.navigate(from: .checkout, to: .gift)]))
        #expect(try !Self.passes(toGift, [.navigate(from: .gift, to: .checkout)]))
    }

    @Test("An event on another screen counts only when the pattern names that screen")
    func otherScreens() throws {
        let onCheckout = Self.focus(nil, "name", on: .checkout)
        #expect(try !Self.passes(.event(EventPattern(to: "name")), [onCheckout]))
        #expect(try Self.passes(.event(EventPattern(screen: .checkout, to: "name")), [onCheckout]))
        #expect(
            try !Self.passes(
                .event(EventPattern(screen: .checkout, to: "GiftMessageForm")), [.navigate(from: .checkout, to: .gift)]))
    }

    @Test("A state pattern reads the lesson's screen after the change: focus, the field showing it, filled fields, rows")
    func statePatterns() throws {
        let events = [Self.focus(nil, "name", on: .checkout)]
        // The ambiguous binding: focus is `.name`, and Address shows it.
        var scene = Self.scene(focus: "name", focusedField: "address", texts: ["name": "", "address": ""])
        func passes(_ pattern: StatePattern) throws -> Bool {
            try Self.passes(.state(pattern), events, on: .checkout, scene: scene)
        }
        #expect(try passes(StatePattern(focus: "name", focusedField: "address")))
        #expect(try !passes(StatePattern(focusedField: "name")))
        #expect(try !passes(StatePattern(focus: .nothing)))
        #expect(try passes(StatePattern(rowFocused: false)))
        #expect(try !passes(StatePattern(filled: ["name"])))
        scene.texts["name"] = "Ada"
        #expect(try passes(StatePattern(filled: ["name"])))
        #expect(try !passes(StatePattern(filled: ["name", "address"])))
        #expect(try !Self.passes(.state(StatePattern(focus: "name")), events, on: .checkout, scene: Self.scene()))
    }

    @Test("all needs every goal met by the change, any needs one")
    func combinations() throws {
        let events = [Self.focus(nil, .email(id: Self.row)), .timerSet(screen: .gift, afterMilliseconds: 750)]
        let tap = LessonGoal.event(EventPattern(cause: .tap))
        let timer = LessonGoal.event(EventPattern(kind: .timerSet))
        let restarted = LessonGoal.event(EventPattern(kind: .restart))
        #expect(try Self.passes(.all([tap, timer]), events))
        #expect(try !Self.passes(.all([tap, restarted]), events))
        #expect(try Self.passes(.any([restarted, timer]), events))
        #expect(try !Self.passes(.any([restarted]), events))
    }

    @Test("A change is the most telling move its events show")
    func moves() {
        #expect(LessonMove(of: [.timerSet(screen: .gift, afterMilliseconds: 750), Self.focus(nil, .message)]) == .tap)
        #expect(
            LessonMove(of: [
                Self.focus(.message, nil, .navigation), .navigate(from: .gift, to: .checkout),
                Self.focus(nil, "name", .autoFocus, on: .checkout),
            ]) == .navigate)
        #expect(LessonMove(of: [Self.focus(nil, .message, .autoFocus)]) == .timer)
        #expect(LessonMove(of: [Self.focus(.message, nil, .submit)]) == .submit)
        #expect(LessonMove(of: [Self.focus(.firstName, .lastName, .binding, on: .profile)]) == .button)
        #expect(
            LessonMove(of: [
                .edit(screen: .gift, key: .message, ops: [TextSplice(at: 0, insert: "Hi")]), Self.focus(.message, nil, .submit),
            ]) == .type)
        #expect(
            LessonMove(of: [
                Self.focus(.message, nil, .navigation), .navigate(from: .checkout, to: .gift), .restart(screen: .gift),
                .edit(screen: .gift, key: .message, ops: [TextSplice(at: 0, delete: 2, insert: "")]),
                Self.focus(nil, .message, .autoFocus),
            ]) == .restart, "a restart's screen switch, emptied texts and appearing focus are all the restart")
        #expect(LessonMove(of: [.state(screen: .gift, name: "sent", value: "true")]) == nil)
        #expect(LessonMove(of: []) == nil)
    }

    @Test("A wrong move shows the hint, a neutral move leaves it, a pass clears it and moves on; a complete lesson takes no more")
    func progressLifecycle() throws {
        let step = LessonStep(
            instruction: "Tap the message.", hint: "The message, please.", swift: ".focused($focus, equals: .message)",
            goal: .event(EventPattern(kind: .focus, to: "message", cause: .tap)))
        let lesson = Lesson(id: "two-taps", title: "Two taps", screen: .gift, summary: "Tap twice.", steps: [step, step])
        var progress = try LessonCatalogue(lessons: [lesson]).progress(lesson.id)
        func observe(_ events: [FocusEvent]) -> LessonVerdict {
            progress.observe(events: events, after: Self.scene(), in: lesson)
        }
        #expect(observe([Self.focus(nil, .email(id: Self.row))]) == .wrongMove)
        #expect(progress.hint && progress.step == 0)
        #expect(observe([.edit(screen: .gift, key: .message, ops: [TextSplice(at: 0, insert: "Hi")])]) == .neutral)
        #expect(observe([Self.focus(nil, .message, .autoFocus)]) == .neutral, "the server's timer is nobody's move")
        #expect(progress.hint)
        #expect(observe([Self.focus(nil, .message)]) == .passed)
        #expect(!progress.hint && progress.step == 1 && !progress.complete)
        #expect(observe([Self.focus(nil, .message)]) == .passed)
        #expect(progress.complete && progress.step == 1)
        #expect(progress.currentStep(in: lesson) == nil)
        #expect(observe([Self.focus(nil, .email(id: Self.row))]) == .neutral)
        #expect(!progress.hint)
    }

    @Test("Progress checked against another lesson changes nothing")
    func otherLesson() throws {
        var progress = try LessonCatalogue.seeds.progress(Lesson.giftSource.id)
        let before = progress
        let verdict = progress.observe(
            events: [Self.focus(nil, .firstName, on: .profile)], after: Self.scene(focus: "firstName"), in: .profileSource)
        #expect(verdict == .neutral && progress == before)
    }
}
