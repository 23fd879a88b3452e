/// One submission as the pending log holds it: its sequence number and its writes, in a binary
/// form read back only by this build's recovery.
///
/// On disk a record is its payload's length (4 bytes), the payload's FNV-1a checksum (8 bytes)
/// and the payload: the sequence number, the number of writes, and each write as a tag byte and
/// its fields (integers little-endian, strings and payloads length-prefixed). A record cut short
/// by a crash, or whose checksum does not match, ends the log.
struct PendingRecord: Equatable {
    /// Increases by one with every journaled submission, across restarts: the database keeps the
    /// highest it has applied, so recovery applies only what comes after it.
    let sequence: Int64
    let writes: [StorageWrite]

    static let headerLength = 12

    /// Appends the record, header and payload, to `bytes`.
    func encode(into bytes: inout [UInt8]) {
        var payload: [UInt8] = []
        payload.reserveCapacity(writes.reduce(12) { $0 + Self.estimatedLength(of: $1) })
        payload.append(integer: UInt64(bitPattern: sequence))
        payload.append(integer: UInt32(writes.count))
        for write in writes { Self.encode(write, into: &payload) }
        bytes.append(integer: UInt32(payload.count))
        bytes.append(integer: Self.checksum(payload[...]))
        bytes.append(contentsOf: payload)
    }

    /// The records in `bytes` from its start, up to the first that is cut short or damaged.
    static func decodeAll(_ bytes: ArraySlice<UInt8>) -> [PendingRecord] {
        var records: [PendingRecord] = []
        var reader = ByteReader(bytes: bytes)
        while let length = reader.integer(UInt32.self), let sum = reader.integer(UInt64.self),
            let payload = reader.bytes(Int(length)), checksum(payload) == sum,
            let record = decodePayload(payload)
        {
            records.append(record)
        }
        return records
    }

    /// 64-bit FNV-1a: cheap, and enough to tell a torn or stale record from a whole one.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    private enum Tag: UInt8 {
        case upsertSession = 1
        case append, snapshot, upsertMember, deleteSession
    }

    private static func encode(_ write: StorageWrite, into bytes: inout [UInt8]) {
        switch write {
        case .upsertSession(let id, let meta):
            bytes.append(Tag.upsertSession.rawValue)
            bytes.append(text: id)
            bytes.append(blob: meta)
        case .append(let change):
            bytes.append(Tag.append.rawValue)
            bytes.append(text: change.session)
            bytes.append(integer: UInt64(bitPattern: change.revision))
            bytes.append(integer: UInt64(bitPattern: change.at))
            bytes.append(blob: change.body)
        case .snapshot(let session, let snapshot):
            bytes.append(Tag.snapshot.rawValue)
            bytes.append(text: session)
            bytes.append(integer: UInt64(bitPattern: snapshot.revision))
            bytes.append(blob: snapshot.body)
        case .upsertMember(let session, let client, let body):
            bytes.append(Tag.upsertMember.rawValue)
            bytes.append(text: session)
            bytes.append(text: client)
            bytes.append(blob: body)
        case .deleteSession(let id):
            bytes.append(Tag.deleteSession.rawValue)
            bytes.append(text: id)
        }
    }

    private static func decodePayload(_ payload: ArraySlice<UInt8>) -> PendingRecord? {
        var reader = ByteReader(bytes: payload)
        guard let sequence = reader.integer(UInt64.self), let count = reader.integer(UInt32.self) else { return nil }
        var writes: [StorageWrite] = []
        for _ in 0..<count {
            guard let write = decodeWrite(&reader) else { return nil }
            writes.append(write)
        }
        guard reader.isAtEnd else { return nil }
        return PendingRecord(sequence: Int64(bitPattern: sequence), writes: writes)
    }

    private static func decodeWrite(_ reader: inout ByteReader) -> StorageWrite? {
        guard let raw = reader.integer(UInt8.self), let tag = Tag(rawValue: raw), let session = reader.text() else { return nil }
        switch tag {
        case .upsertSession:
            return reader.blob().map { .upsertSession(id: session, meta: $0) }
        case .append:
            guard let revision = reader.integer(UInt64.self), let at = reader.integer(UInt64.self), let body = reader.blob()
            else { return nil }
            return .append(
                StoredChange(session: session, revision: Int64(bitPattern: revision), at: Int64(bitPattern: at), body: body))
        case .snapshot:
            guard let revision = reader.integer(UInt64.self), let body = reader.blob() else { return nil }
            return .snapshot(session: session, snapshot: StoredSnapshot(revision: Int64(bitPattern: revision), body: body))
        case .upsertMember:
            guard let client = reader.text(), let body = reader.blob() else { return nil }
            return .upsertMember(session: session, client: client, body: body)
        case .deleteSession:
            return .deleteSession(id: session)
        }
    }

    private static func estimatedLength(of write: StorageWrite) -> Int {
        switch write {
        case .upsertSession(let id, let meta): 9 + id.utf8.count + meta.count
        case .append(let change): 25 + change.session.utf8.count + change.body.count
        case .snapshot(let session, let snapshot): 17 + session.utf8.count + snapshot.body.count
        case .upsertMember(let session, let client, let body): 13 + session.utf8.count + client.utf8.count + body.count
        case .deleteSession(let id): 5 + id.utf8.count
        }
    }
}
