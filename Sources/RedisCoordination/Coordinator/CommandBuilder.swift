/// Turns the steps of a batch into Redis commands, calling the scripts by the digests the
/// current connection loaded.
struct CommandBuilder {
    let digests: [String: String]
    /// `node/instance`: who this coordinator is in lease values.
    let claimant: String
    let retention: Duration
    let pageSize: Int

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
        }
    }

    private func renew(_ lease: Lease) -> RedisCommand {
        call(
            LeaseScripts.renew, SessionKeys(sessionID: lease.sessionID).scriptKeys,
            [
                lease.holder, String(lease.epoch), String(lease.ttl.wholeMilliseconds), String(retention.wholeMilliseconds),
            ])
    }

    /// One script call for `writes`: several changes of one session under one lease, or one
    /// write of another kind.
    private func writes(_ writes: [SessionWrite]) -> RedisCommand {
        let first = writes[0]
        let keys = SessionKeys(sessionID: first.sessionID)
        var arguments: [[UInt8]] = [
            Array(first.lease.holder.utf8), Array(String(first.lease.epoch).utf8),
            Array(String(retention.wholeMilliseconds).utf8),
        ]
        switch first.kind {
        case .change:
            for change in writes.compactMap(\.change) {
                arguments += [Array(String(change.revision).utf8), Array(String(change.at).utf8), change.payload]
            }
            return call(WriteScripts.append, keys.scriptKeys, arguments)
        case .snapshot(let snapshot):
            arguments += [Array(String(snapshot.revision).utf8), snapshot.payload]
            return call(WriteScripts.snapshot, keys.scriptKeys, arguments)
        case .member(let member):
            arguments += [Array(member.clientID.utf8), member.payload]
            return call(WriteScripts.member, keys.scriptKeys, arguments)
        case .create(let metadata):
            arguments += [Array(metadata.sessionID.utf8), metadata.payload, Array((metadata.viewerCapability ?? "").utf8)]
            let viewerKey = metadata.viewerCapability.map { [SessionKeys.viewer($0)] } ?? []  // KEYS[8]
            return call(WriteScripts.create, keys.scriptKeys + viewerKey, arguments)
        case .delete:
            return call(WriteScripts.delete, keys.scriptKeys + [keys.live], arguments)  // KEYS[8]
        case .live(let payload):
            return call(WriteScripts.live, keys.scriptKeys + [keys.live], arguments + [payload])  // KEYS[8]
        }
    }

    private func call(_ script: LuaScript, _ keys: [String], _ arguments: [String]) -> RedisCommand {
        call(script, keys, arguments.map { Array($0.utf8) })
    }

    private func call(_ script: LuaScript, _ keys: [String], _ arguments: [[UInt8]]) -> RedisCommand {
        // Every script is loaded before a connection is used, so its digest is known.
        script.call(digest: digests[script.name] ?? "", keys: keys, arguments: arguments)
    }
}
