import FocusCore
import Foundation
import SwiftUISource
import TestSupport
import Testing

/// The interpreter keeps a screen's layout from one intent to the next while the storage its
/// views read is unchanged. Whatever a form does, the screen it draws from the kept layout is the
/// screen a fresh layout of the same run draws.
@Suite("Kept layouts")
struct KeptLayoutTests {
    static let forms: [String] = {
        let folder = ExampleForm.folder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let seeds = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("seeds").path)) ?? []
        return (names.filter { $0.hasSuffix(".swift") && $0 != "syntax-error.swift" } + seeds.map { "seeds/" + $0 })
            .map { String($0.dropLast(".swift".count)) }.sorted()
    }()

    @Test("Every example has a form to play", arguments: [forms.count])
    func thereAreForms(count: Int) {
        #expect(count >= 25)
    }

    @Test("Random taps, edits, Returns, timers and screen switches draw what a fresh layout draws", arguments: forms)
    func keptLayoutDrawsAsFresh(name: String) throws {
        let form = try ExampleForm(name)
        var run = form.run
        var ids = SplitMix64(seed: 7)
        var choices = SplitMix64(seed: UInt64(name.utf8.count) &* 0x9E37)
        var laidOut: LaidOutScreen?
        var timers: [ScheduledTimer] = form.timers
        var drawn = form.interpreter.draw(run)
        var applied = 0
        for step in 0..<160 {
            let controls = (drawn.content + drawn.keyboardToolbar + drawn.toolbar).flattened.compactMap(\.key)
            let intent: ProgramIntent
            switch Int(choices.next() % 6) {
            case 0 where !timers.isEmpty: intent = .timerFired(timers.removeFirst().token)
            case 1: intent = .submit
            case 2 where !controls.isEmpty:
                intent = .edit(controls[Int(choices.next() % UInt64(controls.count))], step.isMultiple(of: 3) ? "" : "t\(step)")
            case 3 where form.interpreter.screenNames.count > 1:
                intent = .show(screen: Int(choices.next() % UInt64(form.interpreter.screenNames.count)))
            case 4: intent = .tap(nil)
            default:
                guard !controls.isEmpty else { continue }
                intent = .tap(controls[Int(choices.next() % UInt64(controls.count))])
            }
            do {
                let (outcome, kept) = try form.interpreter.applyAndDraw(intent, to: &run, laidOut: &laidOut, ids: &ids)
                timers += outcome.timers
                drawn = kept
                applied += 1
            } catch {
                continue  // a refused intent changes nothing; the next one goes on from the same run
            }
            let fresh = form.interpreter.draw(run)
            #expect(drawn == fresh, "\(name), step \(step), after \(intent)")
            if drawn != fresh { return }
        }
        #expect(applied > 20, "\(name): most intents should be taken")
    }
}
