/// What a ``ClientLoop`` reports about its connections, on the loop's thread.
/// (`SendableMetatype`: the loop is generic over its delegate and runs on a thread of its own.)
protocol ClientLoopDelegate: AnyObject, SendableMetatype {
    /// The upgrade succeeded: the connection takes messages now.
    func connectionOpened(_ connection: Int)
    /// A whole text message. `message` is only valid during the call (it lies in the loop's
    /// read buffer); `receivedAt` is when the read that brought it returned, on ``MonotonicClock``.
    func connection(_ connection: Int, received message: ArraySlice<UInt8>, at receivedAt: UInt64)
    /// The connection is over; its id may be used again.
    func connectionEnded(_ connection: Int, _ ending: ConnectionEnding)
}

/// How a client connection ended.
enum ConnectionEnding: Sendable, CustomStringConvertible {
    /// The server sent a close frame (with this code, if any) or closed the socket (nil).
    case closedByServer(code: UInt16?)
    /// Connecting, the handshake or the protocol failed.
    case failed(String)

    var description: String {
        switch self {
        case .closedByServer(let code): "the server closed the connection (code \(code.map(String.init) ?? "none"))"
        case .failed(let reason): reason
        }
    }
}
