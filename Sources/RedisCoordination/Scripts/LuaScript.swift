/// A Lua script Redis runs atomically, called by its SHA1 digest (`EVALSHA`).
///
/// Every script is loaded with `SCRIPT LOAD` on each new connection, which also hands back
/// its digest. Session scripts take the session's keys in the order of
/// ``SessionKeys/scriptKeys`` and start with ``sessionPrelude``.
struct LuaScript: Sendable, Hashable {
    let name: String
    let source: String

    /// A script over one session's keys: the shared helpers, then `body`.
    init(session name: String, _ body: String) {
        self.name = name
        source = Self.sessionPrelude + body
    }

    /// A script over keys of its own, without the session's helpers.
    init(name: String, _ source: String) {
        self.name = name
        self.source = source
    }

    /// Every script the coordinator calls.
    static let all: [LuaScript] = [
        LeaseScripts.acquire, LeaseScripts.renew, LeaseScripts.release,
        WriteScripts.append, WriteScripts.snapshot, WriteScripts.member,
        WriteScripts.create, WriteScripts.delete, WriteScripts.live, LoadScript.load, AudienceScripts.report,
    ]

    /// `EVALSHA digest numkeys keys… arguments…`.
    func call(digest: String, keys: [String], arguments: [[UInt8]]) -> RedisCommand {
        var command = RedisCommand("EVALSHA", digest, String(keys.count))
        for key in keys {
            command.append(key)
        }
        for argument in arguments {
            command.append(bytes: argument)
        }
        return command
    }

    /// `EVALSHA digest <7 + extra keys> <the session's keys> <extra keys…>`, the session's keys
    /// given encoded (``SessionKeys/encodedScriptKeys(of:)``), with room for `room` bytes of
    /// arguments.
    func call(digest: String, sessionKeys: [UInt8], extraKeys: [String] = [], room: Int) -> RedisCommand {
        var command = RedisCommand("EVALSHA", digest, String(SessionKeys.scriptKeySuffixes.count + extraKeys.count))
        command.reserveCapacity(sessionKeys.count + room)
        command.append(encoded: sessionKeys, count: SessionKeys.scriptKeySuffixes.count)
        for key in extraKeys {
            command.append(key)
        }
        return command
    }

    /// Names for the session's keys, and the two rules every write follows.
    ///
    /// `touch` keeps the session's keys (all but the lease and the handoff request, which lapse
    /// on their own) for the retention time, so a session nobody owns or writes any more disappears by itself.
    /// `fence` refuses a write unless nobody acquired the lease since the writer did (the
    /// epoch, a counter raised by every acquisition, is still the writer's) and the lease is
    /// the writer's or has lapsed: a stale owner's write fails inside Redis.
    private static let sessionPrelude = """
        local lease, epoch, log, snapshot, meta, members, wanted = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]

        local function touch(ms)
          for i = 2, 6 do redis.call('PEXPIRE', KEYS[i], ms) end
          local viewer = redis.call('HGET', meta, 'viewerKey')
          if viewer then redis.call('PEXPIRE', viewer, ms) end
        end

        local function fence(holder, held_epoch)
          local owner = redis.call('GET', lease)
          if redis.call('GET', epoch) ~= held_epoch or (owner and owner ~= holder) then
            return redis.error_reply('FENCED ' .. (owner or ''))
          end
          return nil
        end

        """
}
