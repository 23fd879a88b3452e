import FocusCore
import FocusProtocol
import SwiftUISource
import TestSupport
import Testing

@testable import Sessions

/// A new source put in place of the one running (`PUT …/source`, or members' edits once they
/// compile): a screen that shows for the first time appears, as a view that comes does in
/// SwiftUI; one that showed before keeps its state and does not appear again.
@Suite("A new source's screen appearing")
struct SourceReplacementTests {
    static func file(_ name: String) throws -> String {
        try String(contentsOf: Seed.folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("Seeds replaced by the gift form alone: its task runs and focuses the message 0.75 s later")
    func aNewScreenAppears() throws {
        var harness = Harness()
        harness.join(1)
        let outputs = harness.handle(.replaceSource(try Self.file("gift.swift")))
        #expect(harness.screen.rawValue == Seed.gift)
        #expect(
            outputs.contains { if case .schedule(.program, 750) = $0 { true } else { false } },
            "the gift's delayed focus is scheduled: \(outputs)")
        let update = try #require(
            outputs.lazy.compactMap { if case .broadcast(.update(let update)) = $0 { update } else { nil } }.first)
        #expect(update.events.contains(.navigate(from: ScreenID(rawValue: Seed.profile), to: ScreenID(rawValue: Seed.gift))))
        #expect(update.events.contains { if case .timerSet = $0 { true } else { false } }, "\(update.events)")
        harness.advance(by: 750)
        #expect(harness.focused == "message")
    }

    @Test("A screen that showed before does not appear again: an edited gift form keeps its focus and runs no task")
    func theSameScreenDoesNotAppearAgain() throws {
        var harness = Harness(source: try Self.file("gift.swift"))
        harness.join(1)
        harness.advance(by: 750)
        #expect(harness.focused == "message")
        let edited = try Self.file("gift.swift") + "\n// An edit below the form.\n"
        let outputs = harness.handle(.replaceSource(edited))
        #expect(!outputs.contains { if case .schedule = $0 { true } else { false } }, "nothing is scheduled again: \(outputs)")
        #expect(harness.focused == "message", "focus is kept")
    }
}
