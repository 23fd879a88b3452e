import Glibc

/// The subscriber's thread: connects, subscribes to the channels of the sessions followed (and
/// unsubscribes from the others), and reports what Redis pushes; reconnects with backoff.
///
/// `@unchecked Sendable`: handed to its thread once and touched only there after that.
final class SubscriberLoop: @unchecked Sendable {
    private let configuration: RedisCoordinatorConfiguration
    private let events: ChangeSubscriberEvents
    private let state: SubscriberState
    private var connection: RedisConnection?
    /// Channels subscribed to on this connection, and the session of each.
    private var subscribed: [String: String] = [:]
    private var reconnectDelay: Duration

    init(configuration: RedisCoordinatorConfiguration, events: ChangeSubscriberEvents, state: SubscriberState) {
        self.configuration = configuration
        self.events = events
        self.state = state
        reconnectDelay = configuration.reconnectDelay
    }

    func run() {
        while let wanted = state.current() {
            do throws(ConnectionFailure) {
                let connection = try connected()
                try subscribe(wanted, on: connection)
                try wait(on: connection)
            } catch {
                connection = nil
                subscribed = [:]
                pause(reconnectDelay)
                reconnectDelay = min(reconnectDelay * 2, configuration.maximumReconnectDelay)
            }
        }
    }

    private func connected() throws(ConnectionFailure) -> RedisConnection {
        if let connection { return connection }
        let fresh = try RedisConnection(
            url: configuration.url, connectTimeout: configuration.connectTimeout, commandTimeout: configuration.commandTimeout)
        connection = fresh
        return fresh
    }

    /// Brings the connection's subscriptions to `wanted`.
    private func subscribe(_ wanted: Set<String>, on connection: RedisConnection) throws(ConnectionFailure) {
        let channels = Dictionary(uniqueKeysWithValues: wanted.map { (ChangeSubscriber.channel(of: $0), $0) })
        let added = channels.keys.filter { subscribed[$0] == nil }
        let removed = subscribed.keys.filter { channels[$0] == nil }
        var commands: [RedisCommand] = []
        if !added.isEmpty { commands.append(RedisCommand(words: ["SUBSCRIBE"] + added)) }
        if !removed.isEmpty { commands.append(RedisCommand(words: ["UNSUBSCRIBE"] + removed)) }
        guard !commands.isEmpty else { return }
        try connection.sendWithoutReplies(commands)
        subscribed = channels
    }

    /// Waits for Redis to push something or a caller to wake the thread, and reports what came.
    private func wait(on connection: RedisConnection) throws(ConnectionFailure) {
        var descriptors = [
            pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: state.wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        guard poll(&descriptors, 2, 1_000) >= 0 || errno == EINTR else {
            throw ConnectionFailure(reason: "poll failed: \(String(cString: strerror(errno)))")
        }
        if descriptors[1].revents != 0 { state.drainWakes() }
        guard descriptors[0].revents != 0 else { return }
        for reply in try connection.readPushed() {
            report(reply)
        }
        reconnectDelay = configuration.reconnectDelay
    }

    /// `subscribe channel count` and `message channel payload`; the rest says nothing new.
    private func report(_ reply: RedisReply) {
        guard let parts = reply.elements, parts.count == 3, let kind = parts[0].text, let channel = parts[1].text,
            let session = subscribed[channel]
        else { return }
        switch kind {
        case "subscribe":
            events.onFollowing(session)
        case "message":
            guard let payload = parts[2].bytes else { return }
            switch ChangeSubscriber.published(of: session, message: payload) {
            case .change(let change): events.onChange(change)
            case .live(let live): events.onLive(session, live)
            case .ended: events.onEnded(session)
            case nil: break
            }
        default:
            break
        }
    }

    /// Sleeps `duration`, or until a caller wakes the thread.
    private func pause(_ duration: Duration) {
        var descriptor = pollfd(fd: state.wakeRead, events: Int16(POLLIN), revents: 0)
        _ = poll(
            &descriptor, 1, Int32(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000))
        state.drainWakes()
    }
}
