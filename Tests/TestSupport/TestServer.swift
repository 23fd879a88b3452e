import FocusProtocol
import FocusSyncServer
import Foundation
import NetworkClients
import WebSocketTransport

/// A real FocusSync server on a kernel-chosen port, serving a temporary public folder.
public final class TestServer: Sendable {
    public let server: PlaygroundServer
    public let publicDirectory: String
    public var port: Int { server.port }

    /// The page files every test server serves, and a secret outside the folder for symlink tests.
    public static let indexHTML = "<!doctype html><title>FocusSync test</title>"
    public static let secretContent = "TOP-SECRET-OUTSIDE-PUBLIC"

    /// A server whose sessions run on `clock` (the system's, or a ``MovableClock``'s).
    public init(clock: SessionClock = .system, configure: (inout ServerOptions) -> Void = { _ in }) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("focus-sync-test-\(UUID().uuidString)")
        let publicFolder = root.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: publicFolder.appendingPathComponent("js"), withIntermediateDirectories: true)
        try Data(TestServer.indexHTML.utf8).write(to: publicFolder.appendingPathComponent("index.html"))
        try Data("export const ok = true;\n".utf8).write(to: publicFolder.appendingPathComponent("js/main.js"))
        try Data("body { color: black }\n".utf8).write(to: publicFolder.appendingPathComponent("app.css"))
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: publicFolder.appendingPathComponent("icon.svg"))
        try Data(TestServer.secretContent.utf8).write(to: root.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: publicFolder.appendingPathComponent("escape.txt").path,
            withDestinationPath: root.appendingPathComponent("secret.txt").path)
        try TestServer.copySeeds(into: publicFolder)
        publicDirectory = publicFolder.path

        var options = ServerOptions()
        options.port = 0
        // Tests keep nothing unless they ask for a data folder (and then set inMemory to false).
        options.inMemory = true
        configure(&options)
        server = try PlaygroundServer(
            options: options, publicDirectory: publicDirectory, logger: Logger(level: .error), clock: clock)
        try server.start()
    }

    /// The repository's seed screens (what a session without a source runs), copied into `folder`.
    static func copySeeds(into folder: URL) throws {
        let seeds = folder.appendingPathComponent("examples/seeds")
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        for name in Seed.files {
            try FileManager.default.copyItem(
                at: Seed.folder.appendingPathComponent(name), to: seeds.appendingPathComponent(name))
        }
    }

    public func stop() {
        server.shutdown()
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: publicDirectory).deletingLastPathComponent().path)
    }

    public func get(_ target: String, headers: [(String, String)] = []) throws -> HTTPClient.Response {
        try HTTPClient.send(target: target, port: port, headers: headers)
    }

    /// Creates a session over HTTP and returns its editor id.
    public func createSession() throws -> String {
        try createSessionCapabilities().id
    }

    /// Creates a session over HTTP and returns its editor id and its viewer capability.
    public func createSessionCapabilities() throws -> (id: String, viewer: String) {
        let response = try HTTPClient.send(method: "POST", target: "/api/sessions", port: port)
        let body = try JSONValue.parse(response.text)
        guard response.status == 201, let id = body["id"].string, let viewer = body["viewer"].string else {
            throw TestFailure("POST /api/sessions answered \(response.status): \(response.text)")
        }
        return (id, viewer)
    }

    /// `GET /api/sessions/{id}` parsed.
    public func session(_ id: String) throws -> JSONValue {
        try JSONValue.parse(try get("/api/sessions/\(id)").text)
    }
}
