import Dispatch
import FocusCore
import Foundation
import Locking
import Sessions
import SwiftUISource

/// Compiles sessions' SwiftUI sources off the service thread, in the compiler processes of a
/// ``CompilerPool`` (or, where no `focus-compile` was built, in this process), and remembers the
/// latest results by text, so that a session machine asking for the program of a source the host
/// has just compiled gets it at once (``Sessions/SourceCompiler``).
final class SourceCompilerCache: Sendable {
    private struct Memo {
        var results: [String: CompiledSource] = [:]
        /// Texts in the order they were compiled, oldest first, to forget the oldest.
        var order: [String] = []
    }

    /// Sources waiting for a lane, and how many lanes are working through them.
    private struct Lanes {
        var waiting: [(source: String, done: @Sendable (CompiledSource) -> Void)] = []
        var running = 0
    }

    private let memo = Locked(Memo())
    private let lanes = Locked(Lanes())
    private let laneCount: Int
    private let pool: CompilerPool?
    /// How many results are kept.
    let capacity: Int

    /// Compiles in `pool`'s processes, as many sources at once as it has; without one, in this
    /// process, one source at a time.
    init(pool: CompilerPool?, capacity: Int = 64) {
        self.pool = pool
        laneCount = pool == nil ? 1 : CompilerPool.defaultSize
        self.capacity = capacity
    }

    /// The compiler session machines are made with: a remembered result, or compiled now on the
    /// calling thread (a past revision rebuilt from another text).
    var compiler: SourceCompiler { { [self] source in compiled(source) } }

    /// The compiler stored sessions are restored with, before serving: as ``compiler``, with the
    /// pool's longer deadline, since these texts compiled before.
    var restoringCompiler: SourceCompiler { { [self] source in compiled(source, patient: true) } }

    /// A source shipped with the server (the seed screens), compiled in this process with no
    /// deadline and remembered: a machine too busy to answer within the deadline must not keep
    /// the server from starting, and the server's own files are no stranger's input.
    func compileShipped(_ source: String) -> CompiledSource {
        if let known = memo.withLock({ $0.results[source] }) { return known }
        let result = SourceCompilation.compile(source)
        remember(result, for: source)
        return result
    }

    /// Compiles `source` on a thread of the compiler's and hands the result to `done` there.
    /// Sources are taken in the order they come, as many at once as there are lanes, so a source
    /// that takes long holds up one lane only.
    func compile(_ source: String, then done: @escaping @Sendable (CompiledSource) -> Void) {
        let startsLane = lanes.withLock { lanes in
            lanes.waiting.append((source, done))
            guard lanes.running < laneCount else { return false }
            lanes.running += 1
            return true
        }
        // A thread of its own: a lane waits on a compiler process for as long as the deadline,
        // which would starve a shared pool of two threads on two cores.
        guard startsLane else { return }
        let lane = Thread { [self] in runLane() }
        // Decoding an answer recurses as deeply as the program nests.
        lane.stackSize = 8 << 20
        lane.start()
    }

    /// Stops the compiler processes.
    func stop() {
        pool?.stop()
    }

    private func runLane() {
        while let next = lanes.withLock({ lanes -> (source: String, done: @Sendable (CompiledSource) -> Void)? in
            guard !lanes.waiting.isEmpty else {
                lanes.running -= 1
                return nil
            }
            return lanes.waiting.removeFirst()
        }) {
            next.done(compiled(next.source))
        }
    }

    private func compiled(_ source: String, patient: Bool = false) -> CompiledSource {
        if let known = memo.withLock({ $0.results[source] }) { return known }
        let result = pool?.compile(source, patient: patient) ?? SourceCompilation.compile(source)
        remember(result, for: source)
        return result
    }

    private func remember(_ result: CompiledSource, for source: String) {
        memo.withLock { memo in
            guard memo.results.updateValue(result, forKey: source) == nil else { return }
            memo.order.append(source)
            if memo.order.count > capacity { memo.results[memo.order.removeFirst()] = nil }
        }
    }
}

extension SourceCompilerCache {
    /// The cache for a server started with `options`: compiling in `focus-compile` processes
    /// when that program is there, else in this process, which `logger` warns of.
    convenience init(options: ServerOptions, logger: Logger) {
        let executable =
            options.compilerExecutable.map { URL(fileURLWithPath: $0) }
            ?? Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("focus-compile")
        guard let executable, FileManager.default.isExecutableFile(atPath: executable.path) else {
            logger.warning(
                "no focus-compile beside this program: sources compile in the server's own process, where a source that "
                    + "crashes the parser ends the server", ["looked for": executable?.path ?? "(no path)"])
            self.init(pool: nil)
            return
        }
        self.init(pool: CompilerPool(executable: executable, deadlineMilliseconds: options.compileDeadlineMilliseconds))
    }
}
