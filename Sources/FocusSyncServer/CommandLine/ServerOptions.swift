import Foundation
import RedisCoordination
import Sessions

/// Everything `focus-sync` can be told on its command line.
public struct ServerOptions: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// The folder served at `/`; nil means "find `Public/` of this checkout".
    public var publicDirectory: String?
    public var maxMessageBytes = 64 * 1024
    /// Origins allowed to open a WebSocket besides the server's own.
    public var allowedOrigins: [String] = []
    /// Names besides this machine's, `localhost` and the allowed origins' hosts that requests may
    /// call the server by in `Host` (``HostPolicy``).
    public var allowedHosts: [String] = []
    public var logLevel: LogLevel = .info
    public var sessions = SessionLimits()
    public var eventLoop = EventLoop.libuv
    /// Where sessions are kept; nil means ``defaultDataDirectory`` in the working directory.
    public var dataDirectory: String?
    /// Keep nothing: sessions live in memory only and a restart forgets them.
    public var inMemory = false
    /// Keep sessions in this Redis instead of SQLite, owned through leases (docs/SCALING.md).
    public var redis: RedisURL?
    /// This process's name among the cluster's; nil means ``defaultNodeID``.
    public var nodeID: String?
    /// How long a session's lease lasts without a renewal: after a crash, its sessions wait
    /// this long at most before another process takes them.
    public var leaseSeconds = 6
    /// How often idle sessions are looked for; nil means half the session TTL, from 0.5 to 60
    /// seconds. Not a command-line option: tests that move the session clock set it.
    public var expirySweepSeconds: Double?
    /// The `focus-compile` program sources are compiled in; nil means the one beside this
    /// program. Where there is none, sources compile in the server's own process (the log says
    /// so at start). Not a command-line option.
    public var compilerExecutable: String?
    /// How long one source may take to compile before its compiler process is stopped and the
    /// source refused. Not a command-line option: tests shorten it.
    public var compileDeadlineMilliseconds = 2_000

    /// The node id when `--node-id` is not given: the host name and the port (`web1-8080`), or
    /// the process id instead of the port when the kernel picks one (`--port 0`).
    public var defaultNodeID: String {
        let host = String(ProcessInfo.processInfo.hostName.prefix { $0 != "." }.prefix(40))
            .map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" }
        let suffix = port == 0 ? "pid\(ProcessInfo.processInfo.processIdentifier)" : String(port)
        return (host.isEmpty ? "node" : String(host)) + "-" + suffix
    }

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
