import Dispatch
import FocusCore
import FocusProtocol
import Foundation
import WebSocketTransport

/// A running FocusSync server: the transport bound to a port, with the application behind it
/// and, unless it runs in memory, the session store.
public final class PlaygroundServer: Sendable {
    private let transport: WebSocketServer
    private let application: Application
    private let persistence: (any SessionPersistence)?
    public let options: ServerOptions

    /// Checks what can fail before binding (the public folder, the store), and rebuilds the
    /// stored sessions. `clock` is the time the sessions run on (``SessionClock/system`` but in
    /// tests).
    public init(
        options: ServerOptions, publicDirectory: String, logger: Logger, clock: SessionClock = .system
    ) throws(StartupError) {
        self.options = options
        let files = try StaticFileStore(directory: publicDirectory)
        let seedSource = try SeedProgram.read(publicDirectory: publicDirectory)
        let relay = CommitRelay()
        let store: SessionStore
        if let redis = options.redis {
            do {
                store = .redis(
                    try RedisPersistence(
                        url: redis, nodeID: options.nodeID ?? options.defaultNodeID, leaseSeconds: options.leaseSeconds,
                        retentionSeconds: options.sessions.idleTTLSeconds
                    ) { relay.cluster($0) })
            } catch {
                throw .storage(error.description)
            }
        } else if options.inMemory {
            store = .memory
        } else {
            do {
                store = .sqlite(
                    try SQLitePersistence(folder: options.dataDirectory ?? ServerOptions.defaultDataDirectory) {
                        relay.committed(through: $0, failure: $1?.description)
                    })
            } catch {
                throw .storage(error.description)
            }
        }
        persistence = store.persistence
        var configuration = WebSocketServerConfiguration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.maxMessageBytes = options.maxMessageBytes
        configuration.useLibUV = options.eventLoop == .libuv
        configuration.subprotocol = WireProtocol.subprotocol
        // A source of 64 KiB, written as one JSON string with every character escaped.
        configuration.maxRequestBodyBytes = Application.maxRequestBodyBytes
        // In the order each needs the one before: the thread, the application on it, the server calling it.
        let serviceThread = ServiceThread(configuration: configuration)
        application = Application(
            options: options, files: files, seedSource: seedSource, store: store, serviceThread: serviceThread, clock: clock,
            logger: logger)
        guard application.seeds.program != nil else {
            persistence?.close()
            application.sessions.compiler.stop()
            let error = application.seeds.diagnostics.first { $0.severity == .error }
            throw .badSeeds(error.map { "line \($0.line): \($0.message)" } ?? "no program")
        }
        relay.connect(application)
        transport = WebSocketServer(on: serviceThread, handler: application)
        do {
            try application.restoreSessions()
        } catch {
            persistence?.close()
            throw .storage(error.description)
        }
    }

    /// Binds and starts serving on the transport's service thread.
    public func start() throws(StartupError) {
        do {
            try transport.start()
        } catch {
            persistence?.close()
            throw .transport(error)
        }
        transport.execute { [application] in application.startServing() }
    }

    /// The bound port (the kernel's choice for `--port 0`).
    public var port: Int { transport.port }

    /// The address to open in a browser.
    public var url: String {
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        return "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/"
    }

    /// Stores a snapshot of every session, closes every WebSocket with 1001, and returns once the
    /// service thread is done and everything is stored.
    public func shutdown() {
        if persistence != nil {
            let stored = DispatchSemaphore(value: 0)
            transport.execute { [application] in
                application.storeSnapshots()
                stored.signal()
            }
            _ = stored.wait(timeout: .now() + 5)
        }
        transport.shutdown()
        persistence?.close()
        application.sessions.compiler.stop()
    }
}
