import CReceiveTap
import Glibc

/// The transport's side of the receive tap (`CReceiveTap`): every accepted socket is watched
/// from the moment it is accepted, so each `recv` libwebsockets makes on it goes through a
/// ``TappedSocket`` first.
///
/// Why a tap: libwebsockets 4.1.6 has no hook that shows whether a client frame was masked
/// (RFC 6455 section 5.1 requires closing with 1002 when it is not) or the request head as it
/// was sent (its own parser and the application would otherwise each read `Content-Length` their
/// own way: request smuggling), and it answers malformed requests with its own HTTP/1.0 pages.
/// Reading the socket ourselves and handing bytes over with `lws_adopt_socket_readbuf` would
/// work for the first request only; a proxy socket pair would double the descriptors and copies.
/// Interposing `recv` sees every byte before libwebsockets does, costs one table lookup per call
/// for every other descriptor, and needs nothing from libwebsockets' internals.
enum ReceiveTap {
    /// True when the process's `recv` and `close` are the tap's, so libwebsockets' reads reach
    /// it. Installs the tap's callbacks on first use.
    static let isInterposing: Bool = {
        focussync_tap_install(readTappedSocket, releaseTappedSocket)
        return focussync_tap_is_interposing() != 0
    }()

    /// Routes `socket`'s reads through the tap until the descriptor is closed (the tap then
    /// releases it). False when the descriptor cannot be watched.
    static func watch(_ descriptor: Int32, with socket: TappedSocket) -> Bool {
        let context = Unmanaged.passRetained(socket).toOpaque()
        guard focussync_tap_watch(descriptor, context) == 0 else {
            Unmanaged<TappedSocket>.fromOpaque(context).release()
            return false
        }
        return true
    }

    /// The watched socket behind a descriptor. Service thread.
    static func socket(for descriptor: Int32) -> TappedSocket? {
        focussync_tap_context(descriptor).map { Unmanaged<TappedSocket>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// The tap's reader: `recv(descriptor, buffer, length, 0)` on a watched socket.
private func readTappedSocket(
    _ context: UnsafeMutableRawPointer?, _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ length: Int
) -> Int {
    guard let context, let buffer else {
        errno = EINVAL
        return -1
    }
    return Unmanaged<TappedSocket>.fromOpaque(context).takeUnretainedValue().read(
        from: descriptor, into: buffer, capacity: length)
}

/// The tap's releaser: the descriptor is being closed.
private func releaseTappedSocket(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<TappedSocket>.fromOpaque(context).release()
}
