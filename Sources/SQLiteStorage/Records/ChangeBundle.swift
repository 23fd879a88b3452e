/// Several changes of one session in one row of `changes` or `recent_changes`: those a group
/// commit wrote for that session, from the row's `revision` through its `last_revision`.
///
/// A row with no `last_revision` holds one change, its body as the caller encoded it. A bundle's
/// body is, for each change in revision order, its revision and time (little-endian 64-bit) and
/// its body (a 32-bit length, then the bytes). One row instead of one per change: a busy session
/// writes tens of changes a group, and each row cost SQLite as much as its bytes.
enum ChangeBundle {
    /// What `change` takes in a bundle: its revision, time, length and body.
    static func bytes(of change: StoredChange) -> Int { 20 + change.body.count }

    static func encode(_ changes: ArraySlice<StoredChange>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(changes.reduce(0) { $0 + Self.bytes(of: $1) })
        for change in changes {
            bytes.append(integer: UInt64(bitPattern: change.revision))
            bytes.append(integer: UInt64(bitPattern: change.at))
            bytes.append(blob: change.body)
        }
        return bytes
    }

    /// The changes of `session` a bundle holds, or nil if its bytes do not decode.
    static func decode(_ bytes: [UInt8], session: String) -> [StoredChange]? {
        var reader = ByteReader(bytes: bytes[...])
        var changes: [StoredChange] = []
        while !reader.isAtEnd {
            guard let revision = reader.integer(UInt64.self), let at = reader.integer(UInt64.self), let body = reader.blob()
            else { return nil }
            changes.append(
                StoredChange(session: session, revision: Int64(bitPattern: revision), at: Int64(bitPattern: at), body: body))
        }
        return changes
    }
}
