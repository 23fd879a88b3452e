import Dispatch
import FocusCore
import Foundation
import Locking

/// Compiles sources in `focus-compile` processes, never in the server's own: a source on which
/// the parser crashes ends one of those processes, and one it stalls on is stopped at the
/// deadline, while the other process goes on compiling other sessions' sources. A process that
/// failed is replaced by a new one for the next source.
final class CompilerPool: Sendable {
    /// The compiler processes the pool keeps: one for a source that takes long, one for the rest.
    static let defaultSize = 2

    private let executable: URL
    private let deadlineMilliseconds: Int
    private let deadlineText: String
    /// Processes not compiling now.
    private let idle = Locked<[CompilerProcess]>([])
    /// One count for each process the pool may run at once.
    private let slots: DispatchSemaphore

    /// The deadline for a source that compiled before (a stored session's, restored): it is known
    /// to end, and a server starting on a busy machine must not leave it unrestored for being slow.
    static let restoreDeadlineMilliseconds = 10_000

    init(executable: URL, deadlineMilliseconds: Int, size: Int = CompilerPool.defaultSize) {
        self.executable = executable
        self.deadlineMilliseconds = deadlineMilliseconds
        deadlineText = Self.text(of: deadlineMilliseconds)
        slots = DispatchSemaphore(value: size)
    }

    private static func text(of milliseconds: Int) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    /// What `source` compiles to, waiting for a free process first. A source on which the
    /// process ends twice running, or that takes past the deadline (`patient`: the longer one
    /// for a source that compiled before, ``restoreDeadlineMilliseconds``), gets an error
    /// diagnostic.
    func compile(_ source: String, patient: Bool = false) -> CompiledSource {
        slots.wait()
        defer { slots.signal() }
        var ended = 0
        while true {
            guard let process = idle.withLock({ $0.popLast() }) ?? (try? CompilerProcess(executable: executable)) else {
                return Self.refusal(of: source, "The compiler process could not be started, so no source can be read now.")
            }
            let deadline = patient ? max(deadlineMilliseconds, Self.restoreDeadlineMilliseconds) : deadlineMilliseconds
            switch process.compile(source, withinMilliseconds: deadline) {
            case .success(let compiled):
                idle.withLock { $0.append(process) }
                return compiled
            case .failure(.tookTooLong):
                return Self.refusal(
                    of: source,
                    "Reading this source took longer than \(patient ? Self.text(of: deadline) : deadlineText), the limit. Deeply nested brackets or very long "
                        + "expressions are the usual cause.")
            case .failure(.ended):
                // Once may be the process (killed from outside); twice running is the source.
                ended += 1
                if ended == 2 {
                    return Self.refusal(of: source, "The Swift parser failed on this source.")
                }
            }
        }
    }

    /// Stops every process not compiling now.
    func stop() {
        let stopping = idle.withLock { idle in
            let all = idle
            idle.removeAll()
            return all
        }
        for process in stopping { process.stop() }
    }

    private static func refusal(of source: String, _ message: String) -> CompiledSource {
        CompiledSource(
            source: source, program: nil, diagnostics: [SourceDiagnostic(line: 1, column: 1, severity: .error, message: message)])
    }
}
