import WebSocketTransport

/// Why the server could not start, in one sentence a user can act on (ending with its full stop).
public enum StartupError: Error, Sendable, Equatable, CustomStringConvertible {
    case missingPublicDirectory(String)
    case transport(TransportError)
    /// The session store could not be opened or read (the sentence names the file and the remedy).
    case storage(String)

    public var description: String {
        switch self {
        case .missingPublicDirectory(let path):
            "the public folder '\(path)' does not exist; point --public at the folder holding index.html."
        case .transport(let error):
            error.description + "."
        case .storage(let sentence):
            sentence
        }
    }
}
