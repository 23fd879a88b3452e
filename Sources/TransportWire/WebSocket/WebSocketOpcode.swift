/// The frame types of RFC 6455 §5.2, for the clients that write frames by hand (the tests' raw
/// socket and the load generator; the server's frames are libwebsockets').
public enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Close, ping and pong: frames that may come between the fragments of a message.
    public var isControl: Bool { rawValue & 0x8 != 0 }
}
