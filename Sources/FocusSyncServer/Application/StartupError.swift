import WebSocketTransport

/// Why the server could not start, in one sentence a user can act on (ending with its full stop).
public enum StartupError: Error, Sendable, Equatable, CustomStringConvertible {
    case missingPublicDirectory(String)
    case transport(TransportError)
    /// The session store could not be opened or read (the sentence names the file and the remedy).
    case storage(String)
    /// A seed screen's source file (what a session without a source runs) cannot be read, or the
    /// seed sources do not compile.
    case missingSeeds(String)
    case badSeeds(String)

    public var description: String {
        switch self {
        case .missingPublicDirectory(let path):
            "the public folder '\(path)' does not exist; point --public at the folder holding index.html."
        case .transport(let error):
            error.description + "."
        case .storage(let sentence):
            sentence
        case .missingSeeds(let path):
            "the seed screen '\(path)' cannot be read; a session without a source runs the seed screens, so --public must hold examples/seeds/."
        case .badSeeds(let reason):
            "the seed screens in examples/seeds/ do not compile: \(reason)."
        }
    }
}
