import Foundation
import Glibc

/// A fresh folder under /tmp, removed when the value goes away. Mode 0755, so that a child
/// process running as another user (see ``TestChild``) can reach the files inside.
final class TemporaryFolder {
    let path: String

    init() {
        var template = Array("/tmp/focus-sync-storage-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "cannot create a temporary folder: \(String(cString: strerror(errno)))")
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        chmod(path, 0o755)
    }

    deinit {
        // A test may have taken permissions away; give them back so that everything can go.
        chmod(path, 0o755)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The database a store opened on this folder uses.
    var databasePath: String { path + "/" + "focus-sync.sqlite3" }

    func file(_ name: String) -> String { path + "/" + name }
}
