import FocusCore
import FocusProtocol
import TestSupport

@testable import Sessions

/// A session running its own source, driven by random inputs from two editors and a viewer
/// (taps on the drawn controls, edits and splices of its fields and of the source, Return,
/// timers, restarts, lessons), with a host that compiles edited texts and answers late or not at
/// all. It keeps what the live session was at every revision, checks the timeline's rebuilding
/// of each revision as it is made, and stops at the first break of the property.
struct SourceSessionRun {
    let source: PropertySource
    private(set) var harness: Harness
    private var random: SplitMix64
    /// The session as it was made with its source, before anyone joined: a restore starts here.
    let start: DurableSession
    /// What the live session was at each revision.
    private(set) var seen: [Int: Observed] = [:]
    /// The durable snapshot at one revision midway, as a host stores it.
    private(set) var midway: DurableSession?
    private let midwayRevision: Int
    /// The first way the live session broke the property, if it did.
    private(set) var failure: String?
    /// Texts of the source the session asked the host to compile, not answered yet.
    private var compiling: [String] = []
    private var seqs: [UInt64: Int] = [:]
    private var step = 0

    init(_ source: PropertySource, seed: UInt64) {
        self.source = source
        // Made with its source, as the server makes a session given one: its first screen appears
        // (a source put in place of the seed program later keeps what still exists instead, and its
        // `onAppear` does not run; the random inputs do that too).
        harness = Harness(
            configuration: ChangeStepPropertyTests.configuration, compile: MemoizedCompiler.compile, source: source.text)
        harness.ids = SplitMix64(seed: seed &+ 7)
        start = harness.machine.durableState()
        random = SplitMix64(seed: seed &+ 1_000)
        midwayRevision = 20 + Int(random.next() % 20)
        absorb([Self.observe(harness)])
        harness.join(1)
        harness.join(2)
        harness.join(3, role: .viewer)
        absorb([Self.observe(harness)])
    }

    var revision: Int { harness.machine.revision }
    private var drawn: DrawnScreen? { harness.machine.sessionSnapshot().program.drawn }
    private var screen: ScreenID { harness.machine.sessionSnapshot().screen }
    private var text: String { harness.machine.sessionSnapshot().program.source }

    // MARK: Inputs

    /// One random input, then (usually) the compiler's answers.
    mutating func next() {
        step += 1
        let editor = UInt64(random.next() % 2) + 1
        switch random.next() % 24 {
        case 0..<5: tapControl(by: editor)
        case 5:
            let fields = (drawn?.controls ?? []).filter(\.kind.isTextInput)
            intent(editor, .focus(fields.randomElement(using: &random)?.key))
        case 6, 7: editField(by: editor)
        case 8, 9: spliceField(by: editor)
        case 10: intent(editor, .submit)
        case 11, 12: advance(by: Int64(random.next() % 1_000))
        case 13: intent(editor, .restart)
        case 14, 15: swapInSource(by: editor)
        case 16: breakOrMendSource(by: editor)
        case 17: answerCompiles(all: true)
        case 18:
            let lessons = SessionConfiguration().lessons.lessons.map(\.id)
            intent(
                editor,
                .lesson(random.next() % 4 == 0 ? nil : lessons.randomElement(using: &random), step: Int(random.next() % 3)))
        case 19: viewerIsRefused()
        case 20: refusedOrDuplicate(by: editor)
        case 21: play(source.script, by: editor)
        case 22: replaceSource()
        default: advance(by: Int64(random.next() % 100))
        }
        if random.next() % 3 != 0 { answerCompiles(all: false) }
    }

    private mutating func tapControl(by editor: UInt64) {
        let controls = drawn?.controls ?? []
        let unknown: FocusKey = "c99"
        let key = random.next() % 12 == 0 ? unknown : controls.randomElement(using: &random)?.key
        intent(editor, Self.tap(key))
    }

    /// A tap on `key`, or Return when there is nothing to tap.
    private static func tap(_ key: FocusKey?) -> IntentMessage.Action {
        key.map { .tap($0) } ?? .submit
    }

    private mutating func editField(by editor: UInt64) {
        guard let field = (drawn?.controls ?? []).filter(\.kind.isTextInput).randomElement(using: &random), let key = field.key
        else {
            intent(editor, .submit)
            return
        }
        let typed = ["a", "é", "🙂", "\n", "", " ada@example.com"].randomElement(using: &random)!
        intent(editor, .edit(key, random.next() % 4 == 0 ? typed : (field.value ?? "") + typed))
    }

    /// A splice made on the field's text at a revision a little behind, so it is rebased over
    /// the changes since (or refused: out of range, or the field gone).
    private mutating func spliceField(by editor: UInt64) {
        guard let key = (drawn?.controls ?? []).filter(\.kind.isTextInput).randomElement(using: &random)?.key else {
            intent(editor, .submit)
            return
        }
        var base = max(0, revision - Int(random.next() % 4))
        var old = seen[base]?.snapshot.program.drawn.controls.first { $0.key == key }?.value
        if old == nil { (base, old) = (revision, drawn?.controls.first { $0.key == key }?.value) }
        let length = (old ?? "").utf16.count
        let insert = ["x", "yz", "", "ü", "\n"].randomElement(using: &random)!
        intent(
            editor,
            .splice(key, base: base, at: Int(random.next() % UInt64(length + 2)), delete: Int(random.next() % 2), insert: insert))
    }

    /// A swap of snippets that keeps the source compiling, made on the text of a revision a
    /// little behind (rebased over the edits since, which may break it).
    private mutating func swapInSource(by editor: UInt64) {
        let base = max(0, revision - Int(random.next() % 3))
        let old = seen[base]?.snapshot.program.source ?? text
        guard let swap = source.swapped(old, Int(random.next() % UInt64(source.swaps.count))) else {
            intent(editor, .edit(.sourceText, source.text))
            return
        }
        intent(editor, .splice(.sourceText, base: base, at: swap.at, delete: swap.delete, insert: swap.insert))
    }

    /// An edit that breaks the source (its last good program runs on), one that mends it, or the
    /// whole text put back.
    private mutating func breakOrMendSource(by editor: UInt64) {
        let text = self.text
        let length = text.utf16.count
        switch random.next() % 4 {
        case 0:
            intent(
                editor, .splice(.sourceText, base: revision, at: Int(random.next() % UInt64(length)), delete: 0, insert: "@@@"))
        case 1:
            guard let range = text.range(of: "@@@") else {
                intent(editor, .edit(.sourceText, source.text))
                return
            }
            let at = text.utf16.distance(from: text.startIndex, to: range.lowerBound)
            intent(editor, .splice(.sourceText, base: revision, at: at, delete: 3, insert: ""))
        case 2:
            let at = Int(random.next() % UInt64(length))
            intent(
                editor,
                .splice(.sourceText, base: revision, at: at, delete: min(length - at, Int(random.next() % 12) + 1), insert: ""))
        default:
            intent(editor, .edit(.sourceText, source.text))
        }
    }

    /// `PUT …/source` with the source or one swap of it (the host sends only a text that compiles).
    private mutating func replaceSource() {
        var text = source.text
        if random.next() % 2 == 0, let swap = source.swapped(text, Int(random.next() % UInt64(source.swaps.count))) {
            var units = Array(text.utf16)
            units.replaceSubrange(swap.at..<(swap.at + swap.delete), with: Array(swap.insert.utf16))
            text = String(decoding: units, as: UTF16.self)
        }
        guard MemoizedCompiler.compile(text).program != nil else { return }
        handle(.replaceSource(text))
    }

    /// The host's compiler answers: every text asked for, or a random few (a text edited again
    /// since is ignored by the session; one never answered is as if its process died).
    private mutating func answerCompiles(all: Bool) {
        let asked = compiling
        compiling = []
        for text in asked {
            if all || random.next() % 2 == 0 {
                handle(.sourceCompiled(text))
            } else if random.next() % 4 != 0 {
                compiling.append(text)
            }
        }
    }

    private mutating func viewerIsRefused() {
        let before = revision
        let actions: [IntentMessage.Action] = [.restart, .submit, Self.tap(drawn?.controls.first?.key), .edit(.sourceText, "")]
        let outputs = intent(3, actions.randomElement(using: &random)!)
        let refused = outputs.contains { if case .send(.error(let error), _) = $0 { error.code == .readOnly } else { false } }
        if failure == nil, !refused || revision != before { failure = "a viewer's intent was not refused with read_only" }
    }

    private mutating func refusedOrDuplicate(by editor: UInt64) {
        switch random.next() % 3 {
        case 0: intent(editor, Self.tap(drawn?.controls.first?.key), on: "Elsewhere")
        case 1: intent(editor, .navigate(screen))
        default:
            let seq = seqs[editor, default: 0]
            harness.intent(editor, seq: seq, screen, .submit)
            absorb([Self.observe(harness)])
        }
    }

    private mutating func play(_ script: [PropertySource.Step], by editor: UInt64) {
        for step in script {
            switch step {
            case .restart: intent(editor, .restart)
            case .tap(let title): intent(editor, Self.tap(drawn?.controls.first { $0.title == title }?.key))
            case .advance(let milliseconds): advance(by: milliseconds)
            case .advanceBelow(let milliseconds): advance(by: Int64(random.next() % UInt64(milliseconds)))
            }
        }
    }

    @discardableResult
    private mutating func intent(_ member: UInt64, _ action: IntentMessage.Action, on screen: ScreenID? = nil)
        -> [SessionOutput]
    {
        seqs[member, default: 0] += 1
        let (seq, screen) = (seqs[member]!, screen ?? self.screen)
        return handle { $0.intent(member, seq: seq, screen, action) }
    }

    @discardableResult
    private mutating func handle(_ input: SessionInput) -> [SessionOutput] {
        handle { $0.handle(input) }
    }

    private mutating func handle(_ send: (inout Harness) -> [SessionOutput]) -> [SessionOutput] {
        let outputs = send(&harness)
        for case .compileSource(let text) in outputs { compiling.append(text) }
        absorb([Self.observe(harness)])
        return outputs
    }

    private mutating func advance(by milliseconds: Int64) {
        var observations: [Observation] = []
        harness.advance(by: milliseconds) { observations.append(Self.observe($0)) }
        absorb(observations)
    }

    // MARK: Checks as it goes

    /// The live session after one input, and the timeline's rebuilding of its revision.
    struct Observation {
        var live: Observed
        var durable: DurableSession
        var timeline: Result<Observed, ProtocolError>
        /// Program timers the run waits for that the host has not scheduled.
        var unscheduled: [TimerToken]
    }

    private static func observe(_ harness: Harness) -> Observation {
        let machine = harness.machine
        let durable = machine.durableState()
        let scheduled = Set(harness.timers.keys.compactMap { if case .program(let token) = $0 { token } else { nil } })
        return Observation(
            live: Observed(machine), durable: durable,
            timeline: Result { () throws(ProtocolError) in Observed(try machine.rebuilt(at: machine.revision, time: harness.now))
            },
            unscheduled: (durable.run?.pendingTimers ?? []).filter { !scheduled.contains($0) })
    }

    /// Keeps each new revision; an input that made no change must have left the session as it was.
    private mutating func absorb(_ observations: [Observation]) {
        for observation in observations where failure == nil {
            let live = observation.live
            let at = "at revision \(live.revision), step \(step)"
            if let known = seen[live.revision] {
                if let difference = live.difference(from: known) {
                    failure = "an input that made no change (no record, no revision) changed \(difference) \(at)"
                }
            } else if live.revision > 0, seen[live.revision - 1] == nil {
                failure = "a revision was skipped \(at)"
            } else {
                seen[live.revision] = live
                if live.revision == midwayRevision { midway = observation.durable }
                switch observation.timeline {
                case .success(let rebuilt):
                    if let difference = rebuilt.difference(from: live) { failure = "the timeline's \(difference) differs \(at)" }
                case .failure(let error): failure = "the timeline could not rebuild \(at): \(error.message)"
                }
            }
            if failure == nil, !observation.unscheduled.isEmpty {
                failure = "the run waits for timers \(observation.unscheduled) the host never scheduled or already fired \(at)"
            }
        }
    }
}
