/// A text message encoded once and shared, read-only, by every connection it is sent to.
///
/// The bytes are stored with the headroom libwebsockets needs in front of them, so a
/// broadcast to a thousand connections costs one allocation and one copy of the payload.
public final class OutboundMessage: Sendable {
    /// The UTF-8 payload length in bytes.
    public let count: Int
    // Implementation: the transport target owns the storage layout (headroom + payload).
    let storage: [UInt8]
    static let headroom = 16  // replaced by focussync_lws_pre() in the transport implementation

    public convenience init(text: String) {
        self.init(utf8: Array(text.utf8))
    }

    public init(utf8 bytes: [UInt8]) {
        var storage = [UInt8](repeating: 0, count: OutboundMessage.headroom)
        storage.append(contentsOf: bytes)
        self.storage = storage
        self.count = bytes.count
    }
}
