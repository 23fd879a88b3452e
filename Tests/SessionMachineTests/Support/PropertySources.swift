import FocusCore
import FocusProtocol
import Foundation
import Sessions
import SwiftUISource

/// A SwiftUI source a property run drives: its text, snippets that can stand in for one another
/// with the source still compiling, and a script that makes its timers or taps change the run
/// without a word (a timer waking in a cancelled task, a button that only cancels one).
struct PropertySource: Sendable {
    /// One step of a script.
    enum Step: Sendable {
        case restart
        /// The first drawn control with this title.
        case tap(String)
        case advance(milliseconds: Int64)
        /// A random wait shorter than this.
        case advanceBelow(milliseconds: Int64)
    }

    let name: String
    let text: String
    let swaps: [(String, String)]
    let script: [Step]

    /// The seeds' gift message: rows with ids from the generator, a task that auto-focuses the
    /// message after 0.75 s unless focus moved first (then it is cancelled, and its timer wakes to
    /// do nothing).
    static let gift = PropertySource(
        name: "gift", text: SourceLessonTests.seed("gift"),
        swaps: [
            ("milliseconds(750)", "milliseconds(300)"), (#"Button("Add new email""#, #"Button("Add an email""#),
            (#"Button("Send the Gift", action: send)"#, #"Button("Send", action: send)"#),
            (".submitLabel(.next)", ".submitLabel(.done)"),
            ("@State private var message = \"\"", "@State private var message = \"Hi\""),
        ],
        script: [.restart, .advanceBelow(milliseconds: 250), .tap("Email"), .advance(milliseconds: 800)])

    /// The seeds' reminders: rows added and deleted, focus moving to the heir of a deleted row.
    static let tasks = PropertySource(
        name: "tasks", text: SourceLessonTests.seed("tasks"),
        swaps: [
            (#"Button("New Reminder""#, #"Button("Add""#), (#"addToNotes("Due today")"#, #"addToNotes("Tomorrow")"#),
            (#"title: "Buy milk""#, #"title: "Buy bread""#), ("Button(\"Delete\", role: .destructive", "Button(\"Delete\""),
        ],
        script: [.tap("New Reminder"), .tap("Title"), .tap("Delete")])

    /// A form with a `Bool` focus state, a toggle that shows a field, a task that a button cancels
    /// (a tap that changes nothing but the task's cancelled flag) and a timer that lets go.
    static let note = PropertySource(
        name: "note", text: noteSource,
        swaps: [
            ("milliseconds(400)", "milliseconds(900)"), ("now() + 0.3", "now() + 0.6"),
            (#"Button("Edit") { isEditing = true }"#, #"Button("Edit") { isEditing.toggle() }"#),
            (#"Toggle("Tags""#, #"Toggle("Show tags""#),
        ],
        script: [.tap("Edit Later"), .tap("Stop"), .advance(milliseconds: 500)])

    static let all = [gift, tasks, note]

    static let noteSource = """
        import SwiftUI

        /// A note with a Bool focus state: Edit focuses it at once, Edit Later after 0.4 s unless
        /// Stop cancels that first, Blur Later lets go after 0.3 s, Return saves the note.
        struct NoteForm: View {
            @State private var note = ""
            @State private var saved = ""
            @State private var showsTags = false
            @State private var tags = ""
            @State private var later: Task<Void, Never>?
            @FocusState private var isEditing: Bool

            var body: some View {
                Form {
                    TextField("Note", text: $note)
                        .focused($isEditing)
                        .onSubmit {
                            saved = note
                            isEditing = false
                        }
                    Toggle("Tags", isOn: $showsTags)
                    if showsTags {
                        TextField("Tags", text: $tags)
                    }
                    Button("Edit") { isEditing = true }
                    Button("Edit Later") {
                        later = Task {
                            try? await Task.sleep(for: .milliseconds(400))
                            guard !Task.isCancelled else { return }
                            isEditing = true
                        }
                    }
                    Button("Stop") { later?.cancel() }
                    Button("Blur Later") {
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
                            isEditing = false
                        }
                    }
                    if !saved.isEmpty {
                        Text("Saved: \\(saved)")
                    }
                }
            }
        }
        """

    /// The text with one swap made, either way round (`nil` when neither side is in it).
    func swapped(_ text: String, _ index: Int) -> (at: Int, delete: Int, insert: String)? {
        let (one, other) = swaps[index]
        for (from, to) in [(one, other), (other, one)] {
            if let range = text.range(of: from) {
                return (text.utf16.distance(from: text.startIndex, to: range.lowerBound), from.utf16.count, to)
            }
        }
        return nil
    }
}

/// The parser, memoized across every run (a restore and each rebuilt past compile again; the
/// result is the same, only slower).
enum MemoizedCompiler {
    private final class Cache: @unchecked Sendable {
        let lock = NSLock()
        var compiled: [String: CompiledSource] = [:]
    }

    private static let cache = Cache()

    static let compile: SourceCompiler = { source in
        if let known = cache.lock.withLock({ cache.compiled[source] }) { return known }
        let compiled = SourceCompilation.compile(source)
        cache.lock.withLock { cache.compiled[source] = compiled }
        return compiled
    }
}

/// What a session shows and holds at one revision, as the property compares it: the revision,
/// the snapshot (the drawn screen, the source and its diagnostics, the lesson), the program's run
/// (every value, the focus, the pending timers, the tasks and their cancelled flags) and the log.
struct Observed: Equatable {
    var revision: Int
    var snapshot: SessionSnapshot
    var run: ProgramRun?
    var source: String?
    var sourceText: String?
    var log: [LogEntry]

    init(_ machine: SessionMachine) {
        let durable = machine.durableState()
        revision = machine.revision
        snapshot = machine.sessionSnapshot()
        (run, source, sourceText, log) = (durable.run, durable.source, durable.sourceText, durable.log)
    }

    /// The first part that differs from `other`, or `nil`.
    func difference(from other: Observed) -> String? {
        if revision != other.revision { return "the revision (\(revision), \(other.revision))" }
        if snapshot.program.drawn != other.snapshot.program.drawn { return "the drawn screen" }
        if run?.focused != other.run?.focused { return "the focus" }
        if run?.pendingTimers != other.run?.pendingTimers {
            return "the pending timers (\(run?.pendingTimers ?? []), \(other.run?.pendingTimers ?? []))"
        }
        if run != other.run { return "the program's run (its values, tasks or timers' work)" }
        if source != other.source || sourceText != other.sourceText { return "the source" }
        if snapshot != other.snapshot {
            let (one, two) = (snapshot.program, other.snapshot.program)
            if one.diagnostics != two.diagnostics { return "the source's diagnostics" }
            if one.highlights != two.highlights { return "the source's syntax colours" }
            if one.runs != two.runs { return "whether the source runs as written" }
            if snapshot.lesson != other.snapshot.lesson { return "the lesson" }
            return "the snapshot (the screen, or another member)"
        }
        if log != other.log { return "the log" }
        return nil
    }
}

extension DrawnScreen {
    /// Every control drawn (fields, toggles, buttons), the keyboard's and other toolbars' too.
    var controls: [DrawnView] {
        func collect(_ views: [DrawnView]) -> [DrawnView] {
            views.flatMap { ($0.key == nil ? [] : [$0]) + collect($0.content) }
        }
        return collect(content + keyboardToolbar + toolbar)
    }
}
