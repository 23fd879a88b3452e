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
    /// Where sessions are kept; nil means ``defaultDataDirectory`` in the working directory.
    public var dataDirectory: String?
    /// Keep nothing: sessions live in memory only and a restart forgets them.
    public var inMemory = false

    /// The data folder when `--data-dir` is not given, relative to the working directory.
    public static let defaultDataDirectory = ".focus-sync"

    public init() {}
}

/// The loop the server's libwebsockets context runs on.
public enum EventLoop: String, Sendable, CaseIterable {
    /// libwebsockets' libuv plugin: epoll, whose cost per wake-up does not grow with the connections.
    case libuv
    /// libwebsockets' own loop, which waits in `poll()` over every connection.
    case poll
}
