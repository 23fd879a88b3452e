/// The script that reads a session for a new owner, in one atomic step.
enum LoadScript {
    /// ARGV: most stream entries to return. Returns `{0}` for an unknown session, otherwise
    /// `{1, metadata, viewer or '', snapshot revision or '', snapshot state or '', members as
    /// HGETALL, lease holder or '', the first entries after the snapshot as XRANGE}`.
    static let load = LuaScript(
        session: "load",
        """
        local data = redis.call('HGET', meta, 'data')
        if not data then return {0} end
        local snap = redis.call('HMGET', snapshot, 'revision', 'state')
        local start = '-'
        if snap[1] then start = '(' .. snap[1] .. '-1' end
        return {1, data, redis.call('HGET', meta, 'viewer') or '', snap[1] or '', snap[2] or '',
                redis.call('HGETALL', members), redis.call('GET', lease) or '',
                redis.call('XRANGE', log, start, '+', 'COUNT', ARGV[1])}
        """)
}
