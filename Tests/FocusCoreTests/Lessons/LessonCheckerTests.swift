import FocusCore
import TestSupport
import Testing

@Suite("Lesson checker")
struct LessonCheckerTests {
    static let engine = FocusEngine()
    static let row = RowID(high: 0x6F1C_0E0A_88E2_4A4B, low: 0x9C61_0D3C_7B2E_1A55)

    /// A fresh session, shown on `screen`.
    static func session(on screen: ScreenID = .gift) throws -> SessionState {
        var ids = SplitMix64(seed: 5)
        var state = engine.start(ids: &ids).state
        _ = try engine.apply(.navigate(to: screen), on: state.current, to: &state, ids: &ids)
        return state
    }

    /// Whether one change with `events`, leaving the session as `state`, meets `goal` in a
    /// lesson on `screen`.
    static func passes(
        _ goal: LessonGoal, _ events: [FocusEvent], on screen: ScreenID = .gift, state: SessionState? = nil
    ) throws -> Bool {
        let lesson = Lesson(
            id: "probe", title: "Probe", screen: screen, summary: "One goal.",
            steps: [LessonStep(instruction: "Do it.", hint: "Try again.", swift: "focus = nil", goal: goal, neutral: [])])
        var progress = try LessonCatalogue(lessons: [lesson]).progress(lesson.id)
        let snapshot = try engine.snapshot(of: screen, in: try state ?? session(on: screen))
        return progress.observe(events: events, after: LessonScene(snapshot), in: lesson) == .passed
    }

    static func focus(_ from: FocusKey?, _ to: FocusKey?, _ cause: FocusCause = .tap, on screen: ScreenID = .gift) -> FocusEvent {
        .focus(screen: screen, from: from, to: to, cause: cause)
    }

    @Test("A name matches a key by its case whatever the row id; a simple key only by its own name")
    func namesIgnoreRowIDs() throws {
        let toRow = LessonGoal.event(EventPattern(kind: .focus, to: "row"))
        #expect(try Self.passes(toRow, [Self.focus(nil, .row(id: Self.row))]))
        #expect(try !Self.passes(toRow, [Self.focus(nil, .message)]))
        #expect(try !Self.passes(.event(EventPattern(to: "ro")), [Self.focus(nil, .row(id: Self.row))]))
    }

    @Test("null matches only no focus; a member left out matches anything")
    func nullAndAbsent() throws {
        let toNothing = LessonGoal.event(EventPattern(kind: .focus, to: .nothing))
        #expect(try Self.passes(toNothing, [Self.focus(.message, nil)]))
        #expect(try !Self.passes(toNothing, [Self.focus(nil, .message)]))
        let anyFocus = LessonGoal.event(EventPattern(kind: .focus))
        #expect(try Self.passes(anyFocus, [Self.focus(.message, nil)]))
        #expect(try Self.passes(anyFocus, [Self.focus(nil, .message)]))
        let valid = LessonGoal.event(EventPattern(kind: .validation, firstInvalid: .nothing))
        #expect(try Self.passes(valid, [.validation(screen: .gift, valid: true, firstInvalid: nil)]))
        #expect(try !Self.passes(valid, [.validation(screen: .gift, valid: false, firstInvalid: .message)]))
    }

    @Test("A member the event does not have never matches; from and to of a navigation are screens")
    func membersMustExist() throws {
        let toMessage = LessonGoal.event(EventPattern(to: "message"))
        #expect(try !Self.passes(toMessage, [.edit(screen: .gift, key: .message, ops: [TextSplice(at: 0, insert: "Hi")])]))
        let keyMessage = LessonGoal.event(EventPattern(key: "message"))
        #expect(try Self.passes(keyMessage, [.edit(screen: .gift, key: .message, ops: [TextSplice(at: 0, insert: "Hi")])]))
        #expect(try Self.passes(keyMessage, [.autoFocusCancelled(screen: .gift, key: .message)]))
        #expect(try !Self.passes(keyMessage, [Self.focus(nil, .message)]))
        let toGift = LessonGoal.event(EventPattern(kind: .navigate, to: "gift"))
        #expect(try Self.passes(toGift, [.navigate(from: .checkout, to: .gift)]))
        #expect(try !Self.passes(toGift, [.navigate(from: .gift, to: .checkout)]))
    }

    @Test("An event on another screen counts only when the pattern names that screen")
    func otherScreens() throws {
        let onCheckout = Self.focus(nil, .name, on: .checkout)
        #expect(try !Self.passes(.event(EventPattern(to: "name")), [onCheckout]))
        #expect(try Self.passes(.event(EventPattern(screen: .checkout, to: "name")), [onCheckout]))
        #expect(try !Self.passes(.event(EventPattern(screen: .checkout, to: "gift")), [.navigate(from: .checkout, to: .gift)]))
    }

    @Test("A settings pattern asks only for the switches it names, at the values it names")
    func settings() throws {
        let on = LessonGoal.event(EventPattern(settings: SettingsPatch(ambiguousAddressBinding: true)))
        #expect(try Self.passes(on, [.settings(SettingsPatch(animatedFocusChange: false, ambiguousAddressBinding: true))]))
        #expect(try !Self.passes(on, [.settings(SettingsPatch(animatedFocusChange: true))]))
        #expect(try !Self.passes(on, [.settings(SettingsPatch(ambiguousAddressBinding: false))]))
    }

    @Test("A state pattern reads the lesson's screen after the change: focus, the field showing it, filled fields, rows")
    func statePatterns() throws {
        var ids = SplitMix64(seed: 9)
        var state = try Self.session(on: .checkout)
        _ = try Self.engine.apply(.configure(SettingsPatch(ambiguousAddressBinding: true)), on: .checkout, to: &state, ids: &ids)
        let events = [Self.focus(nil, .name, on: .checkout)]
        func passes(_ pattern: StatePattern) throws -> Bool {
            try Self.passes(.state(pattern), events, on: .checkout, state: state)
        }
        #expect(try passes(StatePattern(focus: "name", focusedField: "address")))
        #expect(try !passes(StatePattern(focusedField: "name")))
        #expect(try !passes(StatePattern(focus: .nothing)))
        #expect(try passes(StatePattern(rowFocused: false)))
        #expect(try !passes(StatePattern(filled: ["name"])))
        _ = try Self.engine.apply(.edit(.name, "Ada"), on: .checkout, to: &state, ids: &ids)
        #expect(try passes(StatePattern(filled: ["name"])))
        #expect(try !passes(StatePattern(filled: ["name", "address"])))
    }

    @Test("all needs every goal met by the change, any needs one")
    func combinations() throws {
        let events = [Self.focus(nil, .row(id: Self.row)), .autoFocusCancelled(screen: .gift, key: .message)]
        let tap = LessonGoal.event(EventPattern(cause: .tap))
        let cancelled = LessonGoal.event(EventPattern(kind: .autoFocusCancelled))
        let added = LessonGoal.event(EventPattern(kind: .rowAdded))
        #expect(try Self.passes(.all([tap, cancelled]), events))
        #expect(try !Self.passes(.all([tap, added]), events))
        #expect(try Self.passes(.any([added, cancelled]), events))
        #expect(try !Self.passes(.any([added]), events))
    }

    @Test("A change is the most telling move its events show")
    func moves() {
        #expect(
            LessonMove(of: [
                .validation(screen: .checkout, valid: true, firstInvalid: nil),
                Self.focus(.phone, nil, .validation, on: .checkout),
                .navigate(from: .checkout, to: .gift), .autoFocusScheduled(screen: .gift, key: .message, afterMilliseconds: 750),
            ]) == .validate)
        #expect(LessonMove(of: [.autoFocusCancelled(screen: .gift, key: .message), Self.focus(nil, .message)]) == .tap)
        #expect(
            LessonMove(of: [
                Self.focus(.message, nil, .navigation), .navigate(from: .gift, to: .checkout),
                Self.focus(nil, .name, .autoFocus, on: .checkout),
            ]) == .navigate)
        #expect(LessonMove(of: [Self.focus(nil, .message, .autoFocus)]) == .timer)
        #expect(
            LessonMove(of: [.settings(SettingsPatch(ambiguousAddressBinding: true)), Self.focus(.address, nil, .binding)])
                == .configure)
        #expect(LessonMove(of: [.rowRemoved(screen: .tasks, list: .tasks, row: Self.row)]) == .removeRow)
        #expect(LessonMove(of: [Self.focus(.message, nil, .submit)]) == .submit)
        #expect(LessonMove(of: [Self.focus(.firstName, .lastName, .toolbar, on: .profile)]) == .toolbar)
        #expect(
            LessonMove(of: [
                Self.focus(.message, nil, .navigation), .navigate(from: .checkout, to: .gift), .restart(screen: .gift),
                .edit(screen: .gift, key: .message, ops: [TextSplice(at: 0, delete: 2, insert: "")]),
                Self.focus(nil, .message, .autoFocus),
            ]) == .restart, "a restart's screen switch, emptied texts and appearing focus are all the restart")
        #expect(LessonMove(of: []) == nil)
    }

    @Test("A wrong move shows the hint, a neutral move leaves it, a pass clears it and moves on; a complete lesson takes no more")
    func progressLifecycle() throws {
        let step = LessonStep(
            instruction: "Tap the message.", hint: "The message, please.", swift: ".focused($focus, equals: .message)",
            goal: .event(EventPattern(kind: .focus, to: "message", cause: .tap)))
        let lesson = Lesson(id: "two-taps", title: "Two taps", screen: .gift, summary: "Tap twice.", steps: [step, step])
        var progress = try LessonCatalogue(lessons: [lesson]).progress(lesson.id)
        let snapshot = try Self.engine.snapshot(of: .gift, in: try Self.session())
        func observe(_ events: [FocusEvent]) -> LessonVerdict {
            progress.observe(events: events, after: LessonScene(snapshot), in: lesson)
        }
        #expect(observe([Self.focus(nil, .row(id: Self.row))]) == .wrongMove)
        #expect(progress.hint && progress.step == 0)
        #expect(observe([.edit(screen: .gift, key: .message, ops: [TextSplice(at: 0, insert: "Hi")])]) == .neutral)
        #expect(observe([Self.focus(nil, .message, .autoFocus)]) == .neutral, "the server's timer is nobody's move")
        #expect(progress.hint)
        #expect(observe([Self.focus(nil, .message)]) == .passed)
        #expect(!progress.hint && progress.step == 1 && !progress.complete)
        #expect(observe([Self.focus(nil, .message)]) == .passed)
        #expect(progress.complete && progress.step == 1)
        #expect(progress.currentStep(in: lesson) == nil)
        #expect(observe([Self.focus(nil, .row(id: Self.row))]) == .neutral)
        #expect(!progress.hint)
    }

    @Test("Progress checked against another lesson changes nothing")
    func otherLesson() throws {
        var progress = try LessonCatalogue.seeds.progress(Lesson.giftAutoFocus.id)
        let before = progress
        let screen = try Self.engine.snapshot(of: .profile, in: try Self.session())
        let verdict = progress.observe(
            events: [Self.focus(nil, .firstName, on: .profile)], after: LessonScene(screen), in: .profileKeyboard)
        #expect(verdict == .neutral && progress == before)
    }
}
