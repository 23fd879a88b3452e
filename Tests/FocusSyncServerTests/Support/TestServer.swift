@testable import FocusSyncServer
import Foundation
import WebSocketClient
import WebSocketTransport

/// A real FocusSync server on a kernel-chosen port, serving a temporary public folder.
final class TestServer: Sendable {
    let server: FocusSyncServer
    let publicDirectory: String
    var port: Int { server.port }

    /// The page files every test server serves, and a secret outside the folder for symlink tests.
    static let indexHTML = "<!doctype html><title>FocusSync test</title>"
    static let secretContent = "TOP-SECRET-OUTSIDE-PUBLIC"

    init(configure: (inout ServerOptions) -> Void = { _ in }) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("focus-sync-test-\(UUID().uuidString)")
        let publicFolder = root.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: publicFolder.appendingPathComponent("js"), withIntermediateDirectories: true)
        try Data(TestServer.indexHTML.utf8).write(to: publicFolder.appendingPathComponent("index.html"))
        try Data("export const ok = true;\n".utf8).write(to: publicFolder.appendingPathComponent("js/main.js"))
        try Data("body { color: black }\n".utf8).write(to: publicFolder.appendingPathComponent("app.css"))
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: publicFolder.appendingPathComponent("icon.svg"))
        try Data(TestServer.secretContent.utf8).write(to: root.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: publicFolder.appendingPathComponent("escape.txt").path, withDestinationPath: root.appendingPathComponent("secret.txt").path)
        publicDirectory = publicFolder.path

        var options = ServerOptions()
        options.port = 0
        configure(&options)
        server = try FocusSyncServer(options: options, publicDirectory: publicDirectory, logger: Logger(level: .error))
        try server.start()
    }

    func stop() {
        server.shutdown()
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: publicDirectory).deletingLastPathComponent().path)
    }

    func get(_ target: String, headers: [(String, String)] = []) throws -> HTTPClient.Response {
        try HTTPClient.send(target: target, port: port, headers: headers)
    }

    /// Creates a session over HTTP and returns its id.
    func createSession() throws -> String {
        let response = try HTTPClient.send(method: "POST", target: "/api/sessions", port: port)
        guard response.status == 201, let id = try JSONValue.parse(response.text)["id"].string else {
            throw TestFailure("POST /api/sessions answered \(response.status): \(response.text)")
        }
        return id
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
