/// The scripts that write a session, each fenced by the writer's lease.
///
/// ARGV always starts with the holder, the epoch and the retention in milliseconds. A
/// refusal starts with a word ``WriteFailure`` decodes: `FENCED` (an error reply refusing the
/// whole call), `STALE`, `CONFLICT` (one change of an append), `EXISTS`, `VIEWERTAKEN`. Every
/// script is idempotent, so a batch whose replies were lost can be sent again. Every refusal
/// has a word after its code: Redis puts `ERR ` in front of a one-word error.
enum WriteScripts {
    /// ARGV after the common three: `revision at payload` for each change, in order. Adds each
    /// as stream entry `<revision>-1` and answers `ok` for it, or a refusal when its revision
    /// is not above the stream's last one and it is no repeat (a stored entry with the same
    /// payload, or a revision a snapshot covers); when every answer is `ok`, the reply is
    /// just their number (the usual case, read without a list). Each change is judged as if it came alone,
    /// so merging appends into one call never changes what is stored. Each change added is
    /// published once, as `<revision> <at> <payload>`, on the session's channel (the log's key
    /// with `:updates` for `:log`): the relays serving its viewers elsewhere follow it there.
    static let append = LuaScript(
        session: "append",
        """
        local refusal = fence(ARGV[1], ARGV[2])
        if refusal then return refusal end
        local updates = string.sub(log, 1, -4) .. 'updates'
        local top = -1
        if redis.call('EXISTS', log) == 1 then
          local info = redis.call('XINFO', 'STREAM', log)
          for i = 1, #info, 2 do
            if info[i] == 'last-generated-id' then top = tonumber(string.match(info[i + 1], '^(%d+)-')) end
          end
        end
        local covered = tonumber(redis.call('HGET', snapshot, 'revision') or '-1')
        local results = {}
        local refused = false
        for i = 4, #ARGV, 3 do
          local revision = tonumber(ARGV[i])
          local id = ARGV[i] .. '-1'
          local result = 'ok'
          if revision > top then
            redis.call('XADD', log, id, 'at', ARGV[i + 1], 'change', ARGV[i + 2])
            redis.call('PUBLISH', updates, ARGV[i] .. ' ' .. ARGV[i + 1] .. ' ' .. ARGV[i + 2])
            top = revision
          else
            local found = redis.call('XRANGE', log, id, id)
            if #found == 1 then
              if found[1][2][4] ~= ARGV[i + 2] then result = 'CONFLICT ' .. ARGV[i] end
            elseif revision > covered then
              result = 'STALE ' .. top
            end
          end
          results[#results + 1] = result
          if result ~= 'ok' then refused = true end
        end
        touch(ARGV[3])
        if refused then return results end
        return #results
        """)

    /// ARGV after the common three: revision, state. Replaces the snapshot unless a newer one
    /// is stored, and trims the stream entries the snapshot covers.
    static let snapshot = LuaScript(
        session: "snapshot",
        """
        local refusal = fence(ARGV[1], ARGV[2])
        if refusal then return refusal end
        local current = tonumber(redis.call('HGET', snapshot, 'revision') or '-1')
        if tonumber(ARGV[4]) < current then return redis.error_reply('STALE ' .. current) end
        redis.call('HSET', snapshot, 'revision', ARGV[4], 'state', ARGV[5])
        redis.call('XTRIM', log, 'MINID', ARGV[4] .. '-1')
        touch(ARGV[3])
        return 1
        """)

    /// ARGV after the common three: client id, record.
    static let member = LuaScript(
        session: "member",
        """
        local refusal = fence(ARGV[1], ARGV[2])
        if refusal then return refusal end
        redis.call('HSET', members, ARGV[4], ARGV[5])
        touch(ARGV[3])
        return 1
        """)

    /// KEYS[8]: the viewer key, when there is a viewer capability. ARGV after the common
    /// three: session id, metadata, viewer capability. Creating the same metadata twice is a
    /// repeat; other metadata for an existing session is refused.
    static let create = LuaScript(
        session: "create",
        """
        local refusal = fence(ARGV[1], ARGV[2])
        if refusal then return refusal end
        local existing = redis.call('HGET', meta, 'data')
        if existing then
          if existing == ARGV[5] then return 0 end
          return redis.error_reply('EXISTS ' .. ARGV[4])
        end
        if KEYS[8] then
          local other = redis.call('GET', KEYS[8])
          if other and other ~= ARGV[4] then return redis.error_reply('VIEWERTAKEN ' .. other) end
          redis.call('SET', KEYS[8], ARGV[4])
          redis.call('HSET', meta, 'viewer', ARGV[6], 'viewerKey', KEYS[8])
        end
        redis.call('HSET', meta, 'data', ARGV[5])
        touch(ARGV[3])
        return 1
        """)

    /// KEYS[8]: the live key; KEYS[9]: the audience hash (``AudienceScripts/report``). Deletes
    /// every key of the session and its viewer key, and publishes `end` on its channel (its relays
    /// close their viewers). A session already gone is a repeat.
    static let delete = LuaScript(
        session: "delete",
        """
        if redis.call('EXISTS', epoch) == 0 and redis.call('EXISTS', meta) == 0 then return 0 end
        local refusal = fence(ARGV[1], ARGV[2])
        if refusal then return refusal end
        redis.call('PUBLISH', string.sub(log, 1, -4) .. 'updates', 'end')
        redis.call('DEL', KEYS[8], KEYS[9])
        local viewer = redis.call('HGET', meta, 'viewerKey')
        if viewer then redis.call('DEL', viewer) end
        redis.call('DEL', lease, epoch, log, snapshot, meta, members, wanted)
        return 1
        """)

    /// KEYS[8]: the live key. ARGV after the common three: what the holder shares without a
    /// change (presence, carets, Step, the presentation). Published once, as `live <payload>`, on
    /// the session's channel, in order with the changes appended before it; and kept in the live
    /// key, replacing the last one, for a relay that starts following (no log: each is whole).
    static let live = LuaScript(
        session: "live",
        """
        local refusal = fence(ARGV[1], ARGV[2])
        if refusal then return refusal end
        redis.call('PUBLISH', string.sub(log, 1, -4) .. 'updates', 'live ' .. ARGV[4])
        redis.call('SET', KEYS[8], ARGV[4], 'PX', ARGV[3])
        return 1
        """)
}
