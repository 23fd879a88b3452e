/// The scripts that take, keep and give back a session's lease.
///
/// A lease's value is `node/instance/epoch`: the node id, a number drawn when the coordinator
/// starts (so a restarted process with the same node id is another claimant), and the epoch
/// the acquisition raised the session's counter to, which is the fencing token every write
/// carries.
enum LeaseScripts {
    /// ARGV: claimant (`node/instance`), ttl ms, retention ms, `1` to refuse a session without
    /// metadata, `0` not to be noted as wanting it when refused. Returns `{'acquired', epoch}`, `{'held', holder, pttl}` or `{'absent'}`.
    /// The claimant already holding the lease gets it again with its epoch unchanged, so an
    /// acquisition whose reply was lost can be repeated. A claimant refused because another
    /// node holds the lease is noted as wanting it, which that node's next renewal hears.
    static let acquire = LuaScript(
        session: "acquire",
        """
        local claimant, ttl, retention, must_exist, wanting = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5] ~= '0'
        if must_exist == '1' and redis.call('EXISTS', meta) == 0 then return {'absent'} end
        local owner = redis.call('GET', lease)
        if owner then
          local prefix, held = string.match(owner, '^(.*)/(%d+)$')
          if prefix ~= claimant then
            if wanting then redis.call('SET', wanted, string.match(claimant, '^[^/]*'), 'PX', ttl) end
            return {'held', owner, redis.call('PTTL', lease)}
          end
          redis.call('PEXPIRE', lease, ttl)
          touch(retention)
          return {'acquired', held}
        end
        local next_epoch = redis.call('INCR', epoch)
        redis.call('DEL', wanted)
        redis.call('SET', lease, claimant .. '/' .. next_epoch, 'PX', ttl)
        touch(retention)
        return {'acquired', tostring(next_epoch)}
        """)

    /// KEYS[8]: the session's audience (``SessionKeys/audience``). ARGV: holder, epoch, ttl ms,
    /// retention ms. Extends the holder's lease, or takes it back when it lapsed and nobody
    /// acquired it since. Returns `{'renewed', node or '', viewers}` (the node that asked for
    /// the session meanwhile, if any, and how many of its viewers other nodes serve now, as
    /// ``AudienceScripts/report`` keeps them) or `{'lost', holder}`.
    static let renew = LuaScript(
        session: "renew",
        """
        local holder, held_epoch, ttl, retention = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
        local owner = redis.call('GET', lease)
        if owner == holder then
          redis.call('PEXPIRE', lease, ttl)
        elseif not owner and redis.call('GET', epoch) == held_epoch then
          redis.call('SET', lease, holder, 'PX', ttl)
        else
          return {'lost', owner or ''}
        end
        touch(retention)
        local viewers = 0
        local reports = redis.call('HVALS', KEYS[8])
        if #reports > 0 then
          local now = redis.call('TIME')
          local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
          for _, report in ipairs(reports) do
            local count, deadline = string.match(report, '^(%d+) (%d+)$')
            if count and tonumber(deadline) > ms then viewers = viewers + tonumber(count) end
          end
        end
        return {'renewed', redis.call('GET', wanted) or '', viewers}
        """)

    /// ARGV: holder. Deletes the lease if it is still the holder's; returns 1 if it was.
    static let release = LuaScript(
        session: "release",
        """
        if redis.call('GET', lease) == ARGV[1] then
          redis.call('DEL', lease)
          return 1
        end
        return 0
        """)
}
