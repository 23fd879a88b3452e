/// Turns the steps of a batch into Redis commands, calling the scripts by the digests the
/// current connection loaded.
///
/// Coordinator's thread only: it keeps each session's keys encoded, since every write to the
/// session names the same seven.
final class CommandBuilder {
    let digests: [String: String]
    /// `node/instance`: who this coordinator is in lease values.
    let claimant: String
    let retention: Duration
    let pageSize: Int
    /// The node id in ``claimant``: who reports an audience.
    var nodeID: Substring { claimant.prefix { $0 != "/" } }
    private var encodedKeys: [String: [UInt8]] = [:]
    /// Sessions whose keys are kept; past it the cache starts again (sessions come and go).
    private static let encodedKeysLimit = 10_000

    init(digests: [String: String], claimant: String, retention: Duration, pageSize: Int) {
        self.digests = digests
        self.claimant = claimant
        self.retention = retention
        self.pageSize = pageSize
    }

    func command(for step: BatchPlan.Step) -> RedisCommand {
        switch step {
        case .probe:
            RedisCommand("PING")
        case .renewal(let lease):
            renew(lease)
        case .writes(let writes):
            self.writes(writes)
        case .request(let request):
            command(for: request)
        }
    }

    private func command(for request: CoordinatorRequest) -> RedisCommand {
        switch request {
        case .write(let write):
            writes([write])
        case .acquire(let sessionID, let ttl, let mustExist, let wanting, _):
            call(
                LeaseScripts.acquire, SessionKeys(sessionID: sessionID).scriptKeys,
                [
                    claimant, String(ttl.wholeMilliseconds), String(retention.wholeMilliseconds), mustExist ? "1" : "0",
                    wanting ? "1" : "0",
                ])
        case .renew(let lease, _):
            renew(lease)
        case .release(let lease, _):
            call(LeaseScripts.release, SessionKeys(sessionID: lease.sessionID).scriptKeys, [lease.holder])
        case .load(let sessionID, _):
            call(LoadScript.load, SessionKeys(sessionID: sessionID).scriptKeys, [String(pageSize)])
        case .continueLoad(let session, _):
            // The load continues after the last change it has, which the first page set.
            RedisCommand(
                "XRANGE", SessionKeys(sessionID: session.metadata.sessionID).log,
                "(\(session.changes.last?.revision ?? -1)-1", "+", "COUNT", String(pageSize))
        case .viewer(let capability, _):
            RedisCommand("GET", SessionKeys.viewer(capability))
        case .owner(let sessionID, _):
            RedisCommand("GET", SessionKeys(sessionID: sessionID).lease)
        case .live(let sessionID, _):
            RedisCommand("GET", SessionKeys(sessionID: sessionID).live)
        case .audience(let sessionID, let viewers, let lifetime, _):
            call(
                AudienceScripts.report, [SessionKeys(sessionID: sessionID).audience],
                [String(nodeID), String(viewers), String(lifetime.wholeMilliseconds)])
        }
    }

    private func renew(_ lease: Lease) -> RedisCommand {
        let keys = SessionKeys(sessionID: lease.sessionID)
        return call(
            LeaseScripts.renew, keys.scriptKeys + [keys.audience],
            [
                lease.holder, String(lease.epoch), String(lease.ttl.wholeMilliseconds), String(retention.wholeMilliseconds),
            ])
    }

    /// One script call for `writes`: several changes of one session under one lease, or one
    /// write of another kind. Built straight into the command's bytes: a busy turn makes
    /// hundreds of these.
    private func writes(_ writes: [SessionWrite]) -> RedisCommand {
        let first = writes[0]
        let room = writes.reduce(64) { $0 + 48 + $1.payloadCount }
        var command: RedisCommand
        switch first.kind {
        case .change: command = call(WriteScripts.append, first.sessionID, room: room)
        case .snapshot: command = call(WriteScripts.snapshot, first.sessionID, room: room)
        case .member: command = call(WriteScripts.member, first.sessionID, room: room)
        case .create(let metadata):
            // KEYS[8]: the viewer capability's key.
            let viewer = metadata.viewerCapability.map { [SessionKeys.viewer($0)] } ?? []
            command = call(WriteScripts.create, first.sessionID, extraKeys: viewer, room: room)
        case .delete:
            // KEYS[8], KEYS[9]: the latest live share's key and the audience hash, deleted with
            // the session.
            let keys = SessionKeys(sessionID: first.sessionID)
            command = call(WriteScripts.delete, first.sessionID, extraKeys: [keys.live, keys.audience], room: room)
        case .live:
            // KEYS[8]: where the latest live share is kept for copies built later.
            let live = SessionKeys(sessionID: first.sessionID).live
            command = call(WriteScripts.live, first.sessionID, extraKeys: [live], room: room)
        }
        command.append(first.lease.holder)
        command.append(first.lease.epoch)
        command.append(retentionMilliseconds)
        switch first.kind {
        case .change:
            for write in writes {
                guard case .change(let change) = write.kind else { continue }
                command.append(change.revision)
                command.append(change.at)
                command.append(bytes: change.payload)
            }
        case .snapshot(let snapshot):
            command.append(snapshot.revision)
            command.append(bytes: snapshot.payload)
        case .member(let member):
            command.append(member.clientID)
            command.append(bytes: member.payload)
        case .create(let metadata):
            command.append(metadata.sessionID)
            command.append(bytes: metadata.payload)
            command.append(metadata.viewerCapability ?? "")
        case .delete:
            break
        case .live(let payload):
            command.append(bytes: payload)
        }
        return command
    }

    private var retentionMilliseconds: String { String(retention.wholeMilliseconds) }

    private func call(_ script: LuaScript, _ sessionID: String, extraKeys: [String] = [], room: Int) -> RedisCommand {
        script.call(digest: digests[script.name] ?? "", sessionKeys: keys(of: sessionID), extraKeys: extraKeys, room: room)
    }

    private func keys(of sessionID: String) -> [UInt8] {
        if let keys = encodedKeys[sessionID] { return keys }
        if encodedKeys.count >= Self.encodedKeysLimit {
            encodedKeys.removeAll(keepingCapacity: true)
        }
        let keys = SessionKeys.encodedScriptKeys(of: sessionID)
        encodedKeys[sessionID] = keys
        return keys
    }

    private func call(_ script: LuaScript, _ keys: [String], _ arguments: [String]) -> RedisCommand {
        call(script, keys, arguments.map { Array($0.utf8) })
    }

    private func call(_ script: LuaScript, _ keys: [String], _ arguments: [[UInt8]]) -> RedisCommand {
        // Every script is loaded before a connection is used, so its digest is known.
        script.call(digest: digests[script.name] ?? "", keys: keys, arguments: arguments)
    }
}
