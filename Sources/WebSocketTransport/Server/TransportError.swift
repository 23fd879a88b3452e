/// Why the transport could not do what was asked, in words a user can act on.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The port is taken by another process.
    case portInUse(Int)
    /// Binding or creating the libwebsockets context failed for another reason.
    case cannotListen(host: String, port: Int, reason: String)
    /// A client connection could not be made or was refused.
    case connectionFailed(String)
    /// A client operation did not finish in time.
    case timedOut(String)

    public var description: String {
        switch self {
        case .portInUse(let port): "port \(port) is in use; choose another with --port"
        case .cannotListen(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        case .connectionFailed(let reason): "connection failed: \(reason)"
        case .timedOut(let what): "timed out: \(what)"
        }
    }
}
