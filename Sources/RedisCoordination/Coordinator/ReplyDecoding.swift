/// Reads the replies of the coordinator's scripts and commands into its own types; nil means
/// a reply of a shape the script never returns.
enum ReplyDecoding {
    enum Renewal: Equatable {
        /// `wantedBy`: a node that asked for the session meanwhile; `viewersElsewhere`: how many
        /// of its viewers other nodes serve now.
        case renewed(wantedBy: String?, viewersElsewhere: Int)
        case lost(holder: String?)
    }

    static func acquisition(_ reply: RedisReply, sessionID: String, claimant: String, ttl: Duration) -> LeaseAcquisition? {
        guard let elements = reply.elements, let verdict = elements.first?.text else { return nil }
        switch (verdict, elements.count) {
        case ("acquired", 2):
            guard let epoch = elements[1].integer else { return nil }
            return .acquired(Lease(sessionID: sessionID, claimant: claimant, epoch: epoch, ttl: ttl))
        case ("held", 3):
            guard let holder = elements[1].text, let node = Lease.node(ofHolder: holder), let remaining = elements[2].integer
            else {
                return nil
            }
            return .heldElsewhere(node: node, expiresIn: .milliseconds(max(0, remaining)))
        case ("absent", 1):
            return .noSuchSession
        default:
            return nil
        }
    }

    static func renewal(_ reply: RedisReply) -> Renewal? {
        guard let elements = reply.elements, let verdict = elements.first?.text else { return nil }
        switch (verdict, elements.count) {
        case ("renewed", 3):
            guard let viewers = elements[2].integer else { return nil }
            return .renewed(wantedBy: elements[1].text.flatMap { $0.isEmpty ? nil : $0 }, viewersElsewhere: Int(viewers))
        case ("lost", 2): return .lost(holder: elements[1].text.flatMap { $0.isEmpty ? nil : $0 })
        default: return nil
        }
    }

    /// The load script's reply: the session with the first page of changes, or `.some(nil)`
    /// for an unknown session.
    static func storedSession(_ reply: RedisReply, sessionID: String) -> LoadedSession?? {
        guard let elements = reply.elements, let found = elements.first?.integer else { return nil }
        if found == 0 { return .some(nil) }
        guard elements.count == 8, let data = elements[1].bytes, let viewer = elements[2].text,
            let snapshotRevision = elements[3].text, let snapshotState = elements[4].bytes,
            let memberFields = elements[5].elements, memberFields.count % 2 == 0,
            let holder = elements[6].text, let changes = changes(elements[7], sessionID: sessionID)
        else { return nil }

        var snapshot: SnapshotRecord?
        if !snapshotRevision.isEmpty {
            guard let revision = Int64(snapshotRevision) else { return nil }
            snapshot = SnapshotRecord(sessionID: sessionID, revision: revision, payload: snapshotState)
        }
        var members: [MemberRecord] = []
        for index in stride(from: 0, to: memberFields.count, by: 2) {
            guard let clientID = memberFields[index].text, let payload = memberFields[index + 1].bytes else { return nil }
            members.append(MemberRecord(sessionID: sessionID, clientID: clientID, payload: payload))
        }
        members.sort { $0.clientID.utf8.lexicographicallyPrecedes($1.clientID.utf8) }
        let metadata = SessionMetadata(sessionID: sessionID, viewerCapability: viewer.isEmpty ? nil : viewer, payload: data)
        return LoadedSession(
            metadata: metadata, snapshot: snapshot, changes: changes, members: members, owner: Lease.node(ofHolder: holder))
    }

    /// Stream entries as `XRANGE` returns them: `[[id, [at, ms, change, payload]], …]`.
    static func changes(_ reply: RedisReply, sessionID: String) -> [StreamedChange]? {
        guard let entries = reply.elements else { return nil }
        var changes: [StreamedChange] = []
        changes.reserveCapacity(entries.count)
        for entry in entries {
            guard let parts = entry.elements, parts.count == 2, let id = parts[0].text,
                let revision = Int64(id.prefix { $0 != "-" }), let fields = parts[1].elements, fields.count == 4,
                fields[0].text == "at", let at = fields[1].integer, fields[2].text == "change", let payload = fields[3].bytes
            else { return nil }
            changes.append(StreamedChange(sessionID: sessionID, revision: revision, at: at, payload: payload))
        }
        return changes
    }
}
