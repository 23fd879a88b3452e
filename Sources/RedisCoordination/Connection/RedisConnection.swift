import CHiredis
import Glibc

/// One blocking hiredis connection: the only code that calls hiredis.
///
/// Confined to the coordinator's thread. Connecting and every command are bounded by the
/// timeouts given; after any failure the connection is unusable and is dropped.
final class RedisConnection {
    private let context: UnsafeMutablePointer<redisContext>

    /// Connects, sets the command timeout and TCP keepalive, and selects the database.
    init(url: RedisURL, connectTimeout: Duration, commandTimeout: Duration) throws(ConnectionFailure) {
        guard let context = redisConnectWithTimeout(url.host, Int32(url.port), Self.timeval(connectTimeout)) else {
            throw ConnectionFailure(reason: "out of memory for a Redis connection")
        }
        self.context = context
        if context.pointee.err != 0 {
            throw failure()
        }
        guard redisSetTimeout(context, Self.timeval(commandTimeout)) == REDIS_OK,
            redisEnableKeepAlive(context) == REDIS_OK
        else {
            throw failure()
        }
        if url.database != 0 {
            let reply = try send([RedisCommand("SELECT", String(url.database))])[0]
            if let message = reply.errorMessage {
                throw ConnectionFailure(reason: "SELECT \(url.database) failed: \(message)")
            }
        }
    }

    deinit {
        redisFree(context)
    }

    /// Sends every command in one write (a pipeline) and reads their replies, in order.
    func send(_ commands: [RedisCommand]) throws(ConnectionFailure) -> [RedisReply] {
        try append(commands)
        var replies: [RedisReply] = []
        replies.reserveCapacity(commands.count)
        for _ in commands {
            var reply: UnsafeMutablePointer<redisReply>?
            guard focussync_redis_get_reply(context, &reply) == REDIS_OK, let reply else {
                throw failure()
            }
            replies.append(Self.copy(reply))
            freeReplyObject(reply)
        }
        return replies
    }

    // MARK: Pushed replies (a subscription's messages)

    /// The socket, for `poll`: readable when Redis pushed something.
    var fileDescriptor: Int32 { context.pointee.fd }

    /// Sends every command without waiting for any reply (a subscription's replies come as
    /// pushed messages, read by ``readPushed()``).
    func sendWithoutReplies(_ commands: [RedisCommand]) throws(ConnectionFailure) {
        try append(commands)
        var done: Int32 = 0
        while done == 0 {
            guard redisBufferWrite(context, &done) == REDIS_OK else { throw failure() }
        }
    }

    /// Reads what the socket holds now (call when `poll` says it is readable) and returns every
    /// whole reply in it; a reply cut in two comes whole on a later call.
    func readPushed() throws(ConnectionFailure) -> [RedisReply] {
        guard redisBufferRead(context) == REDIS_OK else { throw failure() }
        var replies: [RedisReply] = []
        while true {
            var reply: UnsafeMutablePointer<redisReply>?
            guard focussync_redis_buffered_reply(context, &reply) == REDIS_OK else { throw failure() }
            guard let reply else { return replies }
            replies.append(Self.copy(reply))
            freeReplyObject(reply)
        }
    }

    /// Queues the commands in hiredis's output buffer, encoded by ``RedisCommand``, in one copy.
    private func append(_ commands: [RedisCommand]) throws(ConnectionFailure) {
        guard !commands.isEmpty else { return }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(commands.reduce(0) { $0 + $1.body.count + 16 })
        for command in commands {
            command.encode(into: &encoded)
        }
        let status = encoded.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { redisAppendFormattedCommand(context, $0.baseAddress, $0.count) }
        }
        if status != REDIS_OK {
            throw failure()
        }
    }

    private func failure() -> ConnectionFailure {
        let message = String(cString: focussync_redis_errstr(context))
        return ConnectionFailure(reason: message.isEmpty ? "hiredis error \(context.pointee.err)" : message)
    }

    private static func copy(_ reply: UnsafeMutablePointer<redisReply>) -> RedisReply {
        let value = reply.pointee
        switch value.type {
        case REDIS_REPLY_STRING:
            return .bulk(bytes(value.str, value.len))
        case REDIS_REPLY_STATUS:
            return .status(String(decoding: bytes(value.str, value.len), as: UTF8.self))
        case REDIS_REPLY_ERROR:
            return .error(String(decoding: bytes(value.str, value.len), as: UTF8.self))
        case REDIS_REPLY_INTEGER:
            return .integer(value.integer)
        case REDIS_REPLY_ARRAY:
            return .array((0..<value.elements).map { copy(value.element[$0]!) })
        default:
            return .null
        }
    }

    private static func bytes(_ pointer: UnsafeMutablePointer<CChar>?, _ count: Int) -> [UInt8] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    private static func timeval(_ duration: Duration) -> Glibc.timeval {
        let (seconds, attoseconds) = duration.components
        return Glibc.timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    }
}
