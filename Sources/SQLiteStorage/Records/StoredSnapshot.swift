/// A session's whole state as of `revision`, encoded by the caller. Only the latest is kept.
public struct StoredSnapshot: Sendable, Equatable {
    public var revision: Int64
    public var body: [UInt8]

    public init(revision: Int64, body: [UInt8]) {
        self.revision = revision
        self.body = body
    }
}
