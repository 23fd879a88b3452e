import FocusCore
import Foundation
import Testing

@Suite("Program appear, defaultFocus and timers")
struct AppearAndTimerTests {
    static func program(onForm modifiers: [ViewModifier]) -> SwiftUIProgram {
        SwiftUIProgram(
            enums: [enumeration("Field", ["name", "email"])],
            screens: [
                screen(
                    "Signup",
                    [
                        state(10, "name", stringType, str("")), state(11, "email", stringType, str("")),
                        focusState(12, "focus", optional("Field")),
                    ],
                    [
                        form(
                            20,
                            [
                                field(21, "Name", "name", [focused(22, "focus", dot("name"))]),
                                field(23, "Email", "email", [focused(24, "focus", dot("email"))]),
                            ], modifiers)
                    ])
            ])
    }

    @Test func defaultFocusAppliesWhenNothingElseFocuses() throws {
        let session = try Running(Self.program(onForm: [modifier(25, .defaultFocus(binding: ref("focus"), value: dot("email")))]))
        #expect(session.screen.focused == (try session.key("Email")) && session.value("focus") == ".email")
        #expect(session.started.focusMoves.first?.cause == .autoFocus && session.started.focusMoves.first?.line == 25)
    }

    @Test func onAppearFocusWinsOverDefaultFocusAndIsWarnedAbout() throws {
        let program = Self.program(onForm: [
            modifier(25, .defaultFocus(binding: ref("focus"), value: dot("email"))),
            modifier(26, .onAppear([set(27, "focus", dot("name"))])),
        ])
        let session = try Running(program)
        #expect(session.screen.focused == (try session.key("Name")))
        #expect(session.started.focusMoves.map(\.line) == [27])
        let warning = ProgramCheck.warnings(of: program).first { $0.message.hasPrefix("focus set in onAppear") }
        #expect(warning?.span.line == 27)
    }

    @Test func asyncAfterFocusesWhenItsTimerFires() throws {
        var session = try Running(
            Self.program(onForm: [
                modifier(25, .onAppear([run(26, .after(seconds: .double(0.5), body: [set(27, "focus", dot("email"))]))]))
            ]))
        let timer = try #require(session.started.timers.first)
        #expect(session.started.timers == [ScheduledTimer(token: timer.token, milliseconds: 500)])
        #expect(session.started.events.contains(ProgramEvent(.timerSet(timer.token, milliseconds: 500), line: 26)))
        #expect(session.screen.focused == nil && session.run.pendingTimers == [timer.token])

        let fired = try session.apply(.timerFired(timer.token))
        #expect(session.screen.focused == (try session.key("Email")))
        #expect(fired.focusMoves.first?.cause == .autoFocus && fired.focusMoves.first?.line == 27)
        #expect(session.run.pendingTimers.isEmpty)
        #expect(try session.apply(.timerFired(timer.token)) == ProgramOutcome())
    }

    /// `.task { let target = Field.name; try? await Task.sleep(for: .seconds(0.3)); focus = target }`:
    /// the rest after the sleep keeps the local.
    @Test func taskSleepContinuesWithItsLocals() throws {
        var session = try Running(
            Self.program(onForm: [
                modifier(
                    25,
                    .task([
                        run(26, .declare(name: "target", mutable: false, value: .member(.name("Field"), "name"))),
                        run(27, .sleep(seconds: .double(0.3))),
                        set(28, "focus", ref("target")),
                    ]))
            ]))
        let timer = try #require(session.started.timers.first)
        #expect(timer.milliseconds == 300 && session.screen.focused == nil)
        let fired = try session.apply(.timerFired(timer.token))
        #expect(fired.focusMoves.first?.line == 28 && session.value("focus") == ".name")
    }

    /// `Button { Task { try? await Task.sleep(…); focus = .email }; name = "x" }`: the Task runs up
    /// to its sleep, the statement after it runs at once.
    @Test func aTaskInAButtonRunsUpToItsSleep() throws {
        var program = Self.program(onForm: [])
        program.screens[0].body.append(
            button(
                30, "Later",
                [
                    run(31, .task([run(32, .sleep(seconds: .integer(2))), set(33, "focus", dot("email"))])),
                    set(34, "name", str("x")),
                ]))
        var session = try Running(program)
        let tapped = try session.apply(.tap(try session.key("Later")))
        let timer = try #require(tapped.timers.first)
        #expect(timer.milliseconds == 2000 && session.value("name") == "\"x\"" && session.screen.focused == nil)
        let fired = try session.apply(.timerFired(timer.token))
        let email = try session.key("Email")
        #expect(fired.focusMoves.first?.cause == .autoFocus && session.screen.focused == email)
    }

    @Test func aRunWithAPendingTimerRoundTripsThroughJSON() throws {
        var session = try Running(
            Self.program(onForm: [
                modifier(25, .onAppear([run(26, .after(seconds: .integer(1), body: [set(27, "focus", dot("name"))]))]))
            ]))
        try session.apply(.edit(try session.key("Email"), "a@b.c"))
        let data = try JSONEncoder().encode(session.run)
        var decoded = try JSONDecoder().decode(ProgramRun.self, from: data)
        #expect(decoded == session.run)
        var ids = session.ids
        let token = try #require(session.run.pendingTimers.first)
        let fromDecoded = try session.interpreter.apply(.timerFired(token), to: &decoded, ids: &ids)
        let fromOriginal = try session.apply(.timerFired(token))
        #expect(fromDecoded == fromOriginal && decoded == session.run && fromOriginal.focusMoves.count == 1)
    }

    @Test func leavingAScreenDropsItsTimersAndFocus() throws {
        var program = Self.program(onForm: [
            modifier(25, .onAppear([run(26, .after(seconds: .integer(2), body: [set(27, "focus", dot("name"))]))]))
        ])
        program.screens.append(screen("Other", [], [text(40, str("Other"))]))
        var session = try Running(program)
        try session.apply(.tap(try session.key("Email")))
        let shown = try session.apply(.show(screen: 1))
        #expect(shown.focusMoves.first?.cause == .navigation && shown.events.contains(ProgramEvent(.screen(1), line: nil)))
        #expect(session.run.pendingTimers.isEmpty && session.screen.name == "Other")
        #expect(throws: ProgramError.unknownScreen(5)) { try session.apply(.show(screen: 5)) }
        #expect(session.interpreter.screenNames == ["Signup", "Other"])
    }

    @Test func restartIsAFreshRunWhoseScreenAppearsAgainWithTimerNumbersGoingOn() throws {
        var session = try Running(
            Self.program(onForm: [
                modifier(25, .onAppear([run(26, .after(seconds: .double(0.5), body: [set(27, "focus", dot("email"))]))]))
            ]))
        let first = try #require(session.run.pendingTimers.first)
        try session.apply(.edit(try session.key("Name"), "Ada"))
        try session.apply(.tap(try session.key("Name")))
        let restarted = session.interpreter.restart(session.run, ids: &session.ids)
        #expect(restarted.failure == nil)
        let name = try session.key("Name")
        #expect(
            Array(restarted.outcome.events.prefix(2)) == [
                ProgramEvent(.focus(from: name, to: nil, value: "nil", cause: .navigation), line: nil),
                ProgramEvent(.restart, line: nil),
            ])
        session.run = restarted.run
        let timer = try #require(restarted.outcome.timers.first)
        #expect(
            session.run.pendingTimers == [timer.token] && timer.token != first,
            "the old timer is dropped, the new one numbered on")
        #expect(session.value("name") == "\"\"" && session.screen.focused == nil)
        #expect(try session.apply(.timerFired(first)) == ProgramOutcome(), "the old timer, firing late, finds nothing")
        try session.apply(.timerFired(timer.token))
        #expect(session.screen.focused == (try session.key("Email")))
    }
}
