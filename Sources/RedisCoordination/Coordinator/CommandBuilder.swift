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
        case .acquire(let sessionID, let ttl, let mustExist, _):
            call(
                LeaseScripts.acquire, SessionKeys(sessionID: sessionID).scriptKeys,
                [
                    claimant, String(ttl.wholeMilliseconds), String(retention.wholeMilliseconds), mustExist ? "1" : "0",
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
    /// write of another kind. Built straight into the command's bytes: a busy turn makes
    /// hundreds of these.
    private func writes(_ writes: [SessionWrite]) -> RedisCommand {
        let first = writes[0]
        var command: RedisCommand
        switch first.kind {
        case .change: command = call(WriteScripts.append, first.sessionID)
        case .snapshot: command = call(WriteScripts.snapshot, first.sessionID)
        case .member: command = call(WriteScripts.member, first.sessionID)
        case .create(let metadata):
            // KEYS[8]: the viewer capability's key.
            command = call(WriteScripts.create, first.sessionID, extraKey: metadata.viewerCapability.map(SessionKeys.viewer))
        case .delete: command = call(WriteScripts.delete, first.sessionID)
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
        }
        return command
    }

    private var retentionMilliseconds: String { String(retention.wholeMilliseconds) }

    private func call(_ script: LuaScript, _ sessionID: String, extraKey: String? = nil) -> RedisCommand {
        script.call(digest: digests[script.name] ?? "", sessionID: sessionID, extraKey: extraKey)
    }

    private func call(_ script: LuaScript, _ keys: [String], _ arguments: [String]) -> RedisCommand {
        call(script, keys, arguments.map { Array($0.utf8) })
    }

    private func call(_ script: LuaScript, _ keys: [String], _ arguments: [[UInt8]]) -> RedisCommand {
        // Every script is loaded before a connection is used, so its digest is known.
        script.call(digest: digests[script.name] ?? "", keys: keys, arguments: arguments)
    }
}
