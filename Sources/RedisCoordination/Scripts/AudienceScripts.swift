/// How a node serving a session's viewers without holding it (a relay) tells the holder how many
/// it serves: one entry per node in the session's audience hash, `<viewers> <deadline ms>`, by
/// Redis's clock, so the nodes' clocks never meet. The holder's renewal (``LeaseScripts/renew``)
/// sums the entries whose deadline is still ahead: a node that dies stops counting when its
/// last report's lifetime ends.
enum AudienceScripts {
    /// KEYS[1]: the session's audience. ARGV: node id, viewers, lifetime ms. Records (or, for 0
    /// viewers, removes) the node's entry, keeps the hash at least the lifetime, and forgets the
    /// entries of nodes that stopped reporting. Returns 1.
    static let report = LuaScript(
        name: "audience",
        """
        local audience, node, viewers, lifetime = KEYS[1], ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
        local now = redis.call('TIME')
        local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
        if viewers > 0 then
          redis.call('HSET', audience, node, viewers .. ' ' .. (ms + lifetime))
          if redis.call('PTTL', audience) < lifetime then redis.call('PEXPIRE', audience, lifetime) end
        else
          redis.call('HDEL', audience, node)
        end
        local entries = redis.call('HGETALL', audience)
        for i = 1, #entries, 2 do
          local deadline = tonumber(string.match(entries[i + 1], ' (%d+)$') or '0')
          if deadline <= ms then redis.call('HDEL', audience, entries[i]) end
        end
        return 1
        """)
}
