import FocusCore

/// A refusal: the wire code, a sentence for the person at the other end, and the `seq` it
/// answers when known.
public struct ProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: ErrorCode
    public var message: String
    public var seq: Int?

    public init(_ code: ErrorCode, _ message: String, seq: Int? = nil) {
        self.code = code
        self.message = message
        self.seq = seq
    }

    /// FocusCore's refusal of an intent, with its own sentence.
    public init(_ error: FocusError, seq: Int?) {
        self.init(Self.code(of: error), error.message, seq: seq)
    }

    private static func code(of error: FocusError) -> ErrorCode {
        switch error {
        case .unknownScreen: .unknownScreen
        case .unknownKey: .unknownKey
        case .notCurrentScreen: .notCurrentScreen
        case .valueTooLong, .sessionTextFull: .valueTooLong
        case .splice(let error): error.isStaleBase ? .staleBase : .badSplice
        case .stepping: .stepHeld
        }
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
