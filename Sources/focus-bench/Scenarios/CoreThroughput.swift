import FocusCore
import Foundation
import SwiftUISource

/// FocusCore without any I/O: the profile seed screen (`examples/seeds/profile.swift` of the
/// `--public` folder) compiled once, then taps alternating between its two fields, each applied
/// and the screen drawn as a session does, in a loop on the bench's own core.
enum CoreThroughput {
    static func run(_ name: String, intents: Int, publicFolder: String) throws(BenchError) -> CoreReport {
        let path = publicFolder + "/examples/seeds/profile.swift"
        guard let source = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .setup("The core scenario needs the profile seed screen, and \(path) cannot be read.")
        }
        guard let program = SourceCompilation.compile(source).program else {
            throw .setup("The core scenario needs the profile seed screen, and \(path) does not compile.")
        }
        let interpreter = ProgramInterpreter(program: program)
        var ids = SystemRandomNumberGenerator()
        var run = interpreter.start(ids: &ids).run
        var laidOut: LaidOutScreen? = nil
        let taps: [ProgramIntent] = [.focus("firstName"), .focus("lastName")]
        var applied = 0
        let start = MonotonicClock.nanoseconds()
        for number in 0..<intents {
            // Counting what was drawn keeps the optimiser from dropping the work.
            if let (_, drawn) = try? interpreter.applyAndDraw(taps[number & 1], to: &run, laidOut: &laidOut, ids: &ids),
                drawn.focused != nil
            {
                applied += 1
            }
        }
        let seconds = Double(MonotonicClock.nanoseconds() - start) / 1e9
        return CoreReport(
            scenario: name, intents: applied, seconds: seconds, intentsPerSecond: Double(applied) / seconds,
            nanosecondsPerIntent: seconds * 1e9 / Double(max(applied, 1)))
    }
}
