/// Why the coordinator could not do what was asked, in one sentence naming the thing and the remedy.
public enum RedisCoordinationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `--redis` value is not a `redis://host:port[/db]` URL.
    case invalidURL(given: String, problem: String)
    /// The `--node-id` value cannot name a node in lease values and logs.
    case invalidNodeID(String)
    /// A lease time-to-live too short for the coordinator to renew it before it lapses.
    case leaseTooShort(ttl: Duration, minimum: Duration)
    /// Redis could not be reached, or stopped answering, at the moment of the request.
    case unavailable(url: RedisURL, reason: String)
    /// So many writes are waiting for Redis that one more would pass the configured bound.
    case pendingWritesFull(limit: Int, url: RedisURL)
    /// Redis answered a request with an error.
    case refused(url: RedisURL, command: String, message: String)
    /// Redis answered with a reply of a shape the coordinator does not expect.
    case unexpectedReply(url: RedisURL, command: String, reply: String)
    /// The coordinator has been shut down.
    case shutDown

    public var description: String {
        switch self {
        case .invalidURL(let given, let problem):
            "--redis '\(given)' is not a Redis URL (\(problem)); expected redis://host:port[/db], for example redis://127.0.0.1:6379/0"
        case .invalidNodeID(let given):
            "--node-id '\(given)' cannot name a node; use 1 to 64 letters, digits, '.', '_' or '-', different for every process"
        case .leaseTooShort(let ttl, let minimum):
            "a lease of \(ttl) is too short to renew in time; use at least \(minimum) (three times the connect and command timeouts together)"
        case .unavailable(let url, let reason):
            "Redis at \(url) cannot be reached (\(reason)); start redis-server there or point --redis at a running one"
        case .pendingWritesFull(let limit, let url):
            "\(limit) writes are already waiting for Redis at \(url); stop accepting changes until Redis is back"
        case .refused(let url, let command, let message):
            "Redis at \(url) refused \(command) (\(message)); check that it is Redis 7 or newer with scripting enabled"
        case .unexpectedReply(let url, let command, let reply):
            "Redis at \(url) answered \(command) with \(reply); check that it is Redis 7 or newer and that nothing else writes FocusSync's keys"
        case .shutDown:
            "the Redis coordinator has shut down; create a new one to talk to Redis again"
        }
    }
}
