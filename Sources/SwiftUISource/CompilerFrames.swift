import Foundation

/// How the server talks to its compiler process (`focus-compile`): frames both ways, each a
/// 4-byte big-endian length and then that many bytes. A request is a source as UTF-8; its answer
/// is the ``FocusCore/CompiledSource`` as JSON (FocusProtocol's encoder writes it, its decoder
/// reads it). One request is answered before the next is sent.
public enum CompilerFrames {
    /// The largest frame either side reads: a source is at most 64 KiB, and its answer (the
    /// source again, its program and diagnostics) stays well under this.
    public static let maximumBytes = 16 << 20

    /// `payload` as one frame.
    public static func frame(_ payload: Data) -> Data {
        let count = UInt32(payload.count)
        var framed = Data([UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)])
        framed.append(payload)
        return framed
    }

    /// A frame announced longer than ``maximumBytes``.
    public struct FrameError: Error, CustomStringConvertible {
        public let length: Int
        public var description: String { "a frame of \(length) bytes, more than the \(maximumBytes) allowed" }
    }
}

/// Reads frames from bytes as they arrive, keeping what belongs to the next frame.
public struct FrameReader: Sendable {
    private var buffer = Data()

    public init() {}

    /// Bytes as they came.
    public mutating func append(_ bytes: Data) {
        buffer.append(bytes)
    }

    /// The first whole frame's payload, taken out; `nil` until all of it is there.
    /// - Throws: ``CompilerFrames/FrameError`` for a frame longer than the maximum.
    public mutating func next() throws -> Data? {
        guard buffer.count >= 4 else { return nil }
        let count = buffer.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        guard count <= CompilerFrames.maximumBytes else { throw CompilerFrames.FrameError(length: count) }
        guard buffer.count >= 4 + count else { return nil }
        let payload = Data(buffer.dropFirst(4).prefix(count))
        buffer.removeFirst(4 + count)
        return payload
    }

    /// The next frame's payload from `handle`, reading as much as it takes; `nil` at the end of
    /// the stream (or a frame cut short by it).
    public mutating func next(from handle: FileHandle) throws -> Data? {
        while true {
            if let payload = try next() { return payload }
            // What is there now, or the first bytes to come: `read(upToCount:)` would wait for
            // all of the count.
            let more = handle.availableData
            guard !more.isEmpty else { return nil }
            append(more)
        }
    }
}
