import Dispatch
import FocusCore
import Locking
import Sessions
import SwiftUISource

/// Compiles sessions' SwiftUI sources on a thread of its own, never the service thread, and
/// remembers the latest results by text, so that a session machine asking for the program of a
/// source the host has just compiled gets it at once (``Sessions/SourceCompiler``).
final class SourceCompilerCache: Sendable {
    private struct Memo {
        var results: [String: CompiledSource] = [:]
        /// Texts in the order they were compiled, oldest first, to forget the oldest.
        var order: [String] = []
    }

    private let memo = Locked(Memo())
    private let queue = DispatchQueue(label: "focus-sync.source-compiler", qos: .utility)
    /// How many results are kept.
    let capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The compiler session machines are made with: a remembered result, or compiled on the
    /// calling thread (a restore before serving, or a past revision rebuilt from another text).
    var compiler: SourceCompiler { { [self] source in compiled(source) } }

    /// Compiles `source` on the compiler's thread and hands the result to `done` there.
    func compile(_ source: String, then done: @escaping @Sendable (CompiledSource) -> Void) {
        queue.async { [self] in done(compiled(source)) }
    }

    private func compiled(_ source: String) -> CompiledSource {
        if let known = memo.withLock({ $0.results[source] }) { return known }
        let result = SourceCompilation.compile(source)
        memo.withLock { memo in
            guard memo.results.updateValue(result, forKey: source) == nil else { return }
            memo.order.append(source)
            if memo.order.count > capacity { memo.results[memo.order.removeFirst()] = nil }
        }
        return result
    }
}
