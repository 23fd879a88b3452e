import Dispatch
import FocusCore
import FocusProtocol
import Foundation
import SwiftUISource

#if canImport(Glibc)
import Glibc
#endif

/// One `focus-compile` process and the pipes to it (``SwiftUISource/CompilerFrames``). It is
/// used by one thread at a time: ``CompilerPool`` lends it out.
final class CompilerProcess: Sendable {
    /// Why no answer came.
    enum Failure: Error, Equatable {
        /// The deadline passed first: the process was killed.
        case tookTooLong
        /// The process ended (or answered what cannot be read): the parser crashed on the
        /// source, or something killed the process.
        case ended
    }

    /// Answers nest as deeply as the programs they carry (expressions in expressions), far past
    /// what a client's message may; the parser refuses sources nested past its own limit first.
    private static let answers = JSONValueDecoder(depthLimit: 4_096)

    private let process: Process
    private let requests: FileHandle
    private let answers: FileHandle

    /// Starts `executable`.
    init(executable: URL) throws {
        // A write to a compiler that has just died must fail with EPIPE, not end the server.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = executable
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        self.process = process
        requests = input.fileHandleForWriting
        answers = output.fileHandleForReading
    }

    /// What the process makes of `source`, waiting `deadlineMilliseconds` at most; past it the
    /// process is killed, and so it is after any failure: a failed process is never used again.
    /// Waits on the calling thread, in `poll`, so no thread of a shared pool is held up.
    func compile(_ source: String, withinMilliseconds deadlineMilliseconds: Int) -> Result<CompiledSource, Failure> {
        let result = answer(to: source, withinMilliseconds: deadlineMilliseconds)
        if case .failure = result { stop() }
        return result
    }

    private func answer(to source: String, withinMilliseconds deadlineMilliseconds: Int) -> Result<CompiledSource, Failure> {
        do {
            try requests.write(contentsOf: CompilerFrames.frame(Data(source.utf8)))
        } catch {
            return .failure(.ended)
        }
        let end = DispatchTime.now().uptimeNanoseconds + UInt64(deadlineMilliseconds) * 1_000_000
        var reader = FrameReader()
        while true {
            do {
                if let payload = try reader.next() {
                    return .success(try Self.answers.decode(CompiledSource.self, from: [UInt8](payload)))
                }
            } catch {
                return .failure(.ended)
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < end else { return .failure(.tookTooLong) }
            var waiting = pollfd(fd: answers.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32((end - now + 999_999) / 1_000_000))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else {
                if ready == 0 { return .failure(.tookTooLong) }
                return .failure(.ended)
            }
            // Readable: bytes, or the end of the stream (an empty read) when the process ended.
            let bytes = answers.availableData
            guard !bytes.isEmpty else { return .failure(.ended) }
            reader.append(bytes)
        }
    }

    /// Kills the process and waits for it to end.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? requests.close()
        try? answers.close()
    }
}
