/// Everything the transport needs to know to listen and to police connections.
public struct WebSocketServerConfiguration: Sendable {
    /// Interface to bind; `127.0.0.1` by default.
    public var host: String = "127.0.0.1"
    /// Port to bind; 0 lets the kernel choose (read it back from ``WebSocketServer/port``).
    public var port: Int = 8080
    /// The path that accepts WebSocket upgrades (compared with ``HTTPRequest/path``); an
    /// upgrade to any other path is refused with 404.
    public var webSocketPath: String = "/ws"
    /// The only subprotocol accepted on ``webSocketPath``. An upgrade that does not offer it in
    /// `Sec-WebSocket-Protocol` is refused with 400, unless ``requiresSubprotocol`` is false.
    public var subprotocol: String = "focus-sync.v1"
    /// When false, an upgrade that offers no subprotocol is accepted too (a test peer such as
    /// Autobahn|Testsuite offers none).
    public var requiresSubprotocol = true
    /// When true, binary messages reach ``WebSocketServerHandler/connection(_:didReceiveBinary:)``;
    /// when false, a binary message closes the connection with 1003.
    public var acceptsBinaryMessages = false
    /// A text message larger than this (across fragments) closes the connection with 1009.
    public var maxMessageBytes: Int = 64 * 1024
    /// A message in more frames than this closes the connection with 1009 (RFC 6455: "too big
    /// to process"), however small the frames: without a bound a peer could send a message as
    /// endless one-byte or empty frames.
    public var maxMessageFragments: Int = 1024
    /// An HTTP request body larger than this is answered with 413.
    public var maxRequestBodyBytes: Int = 64 * 1024
    /// Outbound queue limits per connection; past either, the handler's overflow method decides.
    public var maxQueuedBytes: Int = 1024 * 1024
    public var maxQueuedMessages: Int = 1024
    /// Keepalive: a PING after this many seconds without a PONG (up to a quarter earlier, by a
    /// jitter fixed per connection, so connections opened together are not pinged together), and
    /// a hang-up without a close frame when `hangupSeconds` pass without one, so a dead peer is
    /// dropped within about a minute. The transport sends these PINGs itself, from a buffer of
    /// its own (libwebsockets 4.1.6's keepalive could overwrite a PONG owed to the client).
    /// 0 turns keepalive off.
    public var pingAfterSeconds: UInt16 = 20
    public var hangupSeconds: UInt16 = 50
    /// Run the service loop on libuv (epoll) instead of libwebsockets' default `poll()` loop.
    /// Needs the `libwebsockets-evlib-uv` package at run time.
    public var useLibUV: Bool = true
    /// Descriptor table size; nil uses `ulimit -n`.
    public var maxDescriptors: Int? = nil
    /// At start, raise the process's soft open-descriptor limit (`ulimit -n`) to its hard limit
    /// and log it: each connection holds a descriptor, and 1024 is a common soft limit.
    public var raisesDescriptorLimit = true
    /// Receives the transport's few diagnostic lines (listening, shutdown progress, dropped
    /// response headers). libwebsockets' own logging is limited to errors, on stderr.
    public var log: (@Sendable (String) -> Void)? = nil

    public init() {}
}
