import WebSocketTransport

/// Why the server could not start, in one sentence a user can act on.
public enum StartupError: Error, Sendable, Equatable, CustomStringConvertible {
    case missingPublicDirectory(String)
    case transport(TransportError)

    public var description: String {
        switch self {
        case .missingPublicDirectory(let path):
            "the public folder '\(path)' does not exist; point --public at the folder holding index.html"
        case .transport(let error):
            error.description
        }
    }
}
