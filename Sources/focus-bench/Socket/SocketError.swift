import Glibc

/// A system call on a socket (or epoll) that failed, with the reason the system gave.
struct SocketError: Error, Sendable, CustomStringConvertible {
    let call: String
    let code: Int32

    init(_ call: String, _ code: Int32) {
        self.call = call
        self.code = code
    }

    var description: String {
        let reason = "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
        switch code {
        case EMFILE, ENFILE: return reason + "; raise the descriptor limit with `ulimit -n` (scripts/bench.sh does)."
        case ECONNREFUSED: return reason + "; is the server still running?"
        default: return reason + "."
        }
    }
}
