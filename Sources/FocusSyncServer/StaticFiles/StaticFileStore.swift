import FocusProtocol
import Foundation
import Locking
import TransportWire
import WebSocketTransport

/// Serves files from the public folder: never a path outside it (symbolic links included),
/// with a content type, an `ETag`, and `Cache-Control: no-cache` so browsers revalidate cheaply.
///
/// Files are read on first request and kept in memory; a changed modification time reloads them.
final class StaticFileStore: Sendable {
    /// The public folder with symbolic links resolved.
    let root: String

    private struct Entry: Sendable {
        var modified: Date
        var body: [UInt8]
        var etag: String
    }

    private let cache = Locked<[String: Entry]>([:])

    /// Fails when `directory` is missing or is not a folder.
    init(directory: String) throws(StartupError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StartupError.missingPublicDirectory(directory)
        }
        root = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath().path
    }

    func response(for request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return JSONResponse.methodNotAllowed(request.method, path: request.path, allowed: ["GET", "HEAD"])
        }
        switch StaticPath(requestPath: request.path) {
        case .badRequest(let reason):
            return JSONResponse.error(ProtocolError(.badPath, reason))
        case .notFound:
            return notFound(request)
        case .file(let segments):
            guard let entry = load(segments) else { return notFound(request) }
            let headers: [(name: String, value: String)] = [
                (name: "Content-Type", value: ContentType.forFile(named: segments.last ?? "")),
                (name: "Cache-Control", value: "no-cache"),
                (name: "ETag", value: entry.etag),
            ]
            if request.header("if-none-match") == entry.etag {
                return HTTPResponse(status: 304, headers: headers)
            }
            return HTTPResponse(status: 200, headers: headers, body: request.method == "HEAD" ? [] : entry.body)
        }
    }

    private func notFound(_ request: HTTPRequest) -> HTTPResponse {
        JSONResponse.error(ProtocolError(.notFound, "There is no file at \(request.path)."))
    }

    /// The file's entry, or nil when it does not exist, is not a regular file, or resolves
    /// (through a symbolic link) to somewhere outside the public folder.
    private func load(_ segments: [String]) -> Entry? {
        let candidate = ([root] + segments).joined(separator: "/")
        let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(root + "/"),
            let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        if let cached = cache.withLock({ $0[resolved] }), cached.modified == modified {
            return cached
        }
        guard let data = FileManager.default.contents(atPath: resolved) else { return nil }
        let body = [UInt8](data)
        let entry = Entry(modified: modified, body: body, etag: StaticFileStore.etag(for: body))
        cache.withLock { $0[resolved] = entry }
        return entry
    }

    /// FNV-1a over the bytes: a cheap validator that changes whenever the content does.
    static func etag(for body: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return "\"\(String(hash, radix: 16))-\(body.count)\""
    }
}
