import SessionMachine

/// Everything `focus-sync` can be told on its command line.
public struct ServerOptions: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// The folder served at `/`; nil means "find `Public/` of this checkout".
    public var publicDirectory: String?
    public var maxMessageBytes = 64 * 1024
    /// Origins allowed to open a WebSocket besides the server's own.
    public var allowedOrigins: [String] = []
    public var logLevel: LogLevel = .info
    public var sessions = SessionLimits()
    public var eventLoop = EventLoop.libuv

    public init() {}
}

/// The loop the server's libwebsockets context runs on.
public enum EventLoop: String, Sendable, CaseIterable {
    /// libwebsockets' libuv plugin: epoll, whose cost per wake-up does not grow with the connections.
    case libuv
    /// libwebsockets' own loop, which waits in `poll()` over every connection.
    case poll
}
