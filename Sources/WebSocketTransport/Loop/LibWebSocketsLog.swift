import CLibWebSockets
import Foundation

/// libwebsockets' logging is process-wide: keep only its errors (on stderr), once per process.
enum LibWebSocketsLog {
    private static let silenced: Void = {
        lws_set_log_level(LLL_ERR, nil)
    }()

    static func silenceLibWebSockets() {
        _ = silenced
    }

    /// A transport diagnostic that has no configured log to go to.
    static func report(_ line: String) {
        FileHandle.standardError.write(Data("focus-sync transport: \(line)\n".utf8))
    }
}
