import FocusProtocol
import Foundation
import WebSocketTransport

/// A running FocusSync server: the transport bound to a port, with the application behind it.
public final class FocusSyncServer: Sendable {
    private let transport: WebSocketServer
    private let application: Application
    public let options: ServerOptions

    /// Checks the options that can fail before binding (the public folder).
    public init(options: ServerOptions, publicDirectory: String, logger: Logger) throws(StartupError) {
        self.options = options
        let files = try StaticFileStore(directory: publicDirectory)
        var configuration = WebSocketServerConfiguration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.maxMessageBytes = options.maxMessageBytes
        configuration.useLibUV = options.eventLoop == .libuv
        configuration.subprotocol = WireProtocol.subprotocol
        application = Application(options: options, files: files, logger: logger)
        transport = WebSocketServer(configuration: configuration, handler: application)
        application.transport = transport
    }

    /// Binds and starts serving on the transport's service thread.
    public func start() throws(StartupError) {
        do {
            try transport.start()
        } catch {
            throw .transport(error)
        }
        transport.execute { [application] in application.startExpiringSessions() }
    }

    /// The bound port (the kernel's choice for `--port 0`).
    public var port: Int { transport.port }

    /// The address to open in a browser.
    public var url: String {
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        return "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/"
    }

    /// Stops accepting, closes every WebSocket with 1001 and returns when the service thread is done.
    public func shutdown() {
        transport.shutdown()
    }
}
