import Dispatch
import Foundation

/// This node's subscription to the changes other nodes publish for sessions it does not hold:
/// a relay serving a session's viewers follows the session's owner through it.
///
/// Every change a session's owner stores is published once, by the script that appends it, on
/// the session's channel (`fs:{ROUTE}:session:ID:updates`), as `<revision> <at> <payload>`. The
/// subscriber keeps one Redis connection of its own in subscribe mode, on a thread of its own,
/// and reports each change of a followed session through ``ChangeSubscriberEvents/onChange``.
/// Redis delivers a channel's messages in publishing order, but not while the connection is
/// down: after every (re)subscription ``ChangeSubscriberEvents/onFollowing`` says so, and what
/// was published meanwhile must be read from the stored log.
public final class ChangeSubscriber: Sendable {
    private let state: SubscriberState
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the subscriber's thread, which connects at once and keeps reconnecting (50 ms,
    /// doubling to 1 s) while Redis cannot be reached. Throws only when the process has no
    /// descriptor left for the pipe that wakes the thread.
    public init(configuration: RedisCoordinatorConfiguration, events: ChangeSubscriberEvents) throws(RedisCoordinationError) {
        do {
            state = try SubscriberState()
        } catch {
            throw .unavailable(url: configuration.url, reason: error.reason)
        }
        let loop = SubscriberLoop(configuration: configuration, events: events, state: state)
        let thread = Thread { [finished] in
            loop.run()
            finished.signal()
        }
        thread.name = "redis-subscriber"
        thread.start()
    }

    deinit {
        state.close()
    }

    /// Starts following `sessionID`'s changes (nothing happens if it is followed already).
    public func follow(_ sessionID: String) {
        state.change { $0.insert(sessionID) }
    }

    /// Stops following `sessionID`'s changes.
    public func unfollow(_ sessionID: String) {
        state.change { $0.remove(sessionID) }
    }

    /// Ends the thread and its connection; blocks until then. Later calls return at once.
    public func shutdown() {
        state.close()
        finished.wait()
        finished.signal()
    }

    /// The channel the append script publishes a session's changes on.
    public static func channel(of sessionID: String) -> String {
        SessionKeys(sessionID: sessionID).updates
    }

    /// What the session's channel carries: a stored change, `live <payload>` (what the holder
    /// shares without a change), or `end` (the session was deleted).
    enum Published: Equatable {
        case change(StreamedChange)
        case live([UInt8])
        case ended
    }

    /// A message of the session's channel as what it announces; nil when it is none.
    static func published(of sessionID: String, message: [UInt8]) -> Published? {
        let live = Array("live ".utf8)
        if message.starts(with: live) { return .live(Array(message[live.count...])) }
        if message.elementsEqual("end".utf8) { return .ended }
        return change(of: sessionID, message: message).map(Published.change)
    }

    /// A published message, `<revision> <at> <payload>`, as the change it announces; nil when
    /// it is not one.
    static func change(of sessionID: String, message: [UInt8]) -> StreamedChange? {
        let space = UInt8(ascii: " ")
        guard let first = message.firstIndex(of: space),
            let second = message[(first + 1)...].firstIndex(of: space),
            let revision = Int64(String(decoding: message[..<first], as: UTF8.self)),
            let at = Int64(String(decoding: message[(first + 1)..<second], as: UTF8.self))
        else { return nil }
        return StreamedChange(sessionID: sessionID, revision: revision, at: at, payload: Array(message[(second + 1)...]))
    }
}

/// What the subscriber reports, always on its own thread.
public struct ChangeSubscriberEvents: Sendable {
    /// The subscription to this session's changes is in place: the first time after
    /// ``ChangeSubscriber/follow(_:)``, and again after every reconnect. Changes published before
    /// it were not reported: read them from the stored log.
    public var onFollowing: @Sendable (_ sessionID: String) -> Void
    /// A change the owner of a followed session stored, in publishing order per session.
    public var onChange: @Sendable (StreamedChange) -> Void
    /// What the holder of a followed session shares without a change, in publishing order with
    /// its changes (``RedisCoordinator/shareLive(_:under:)``).
    public var onLive: @Sendable (_ sessionID: String, _ payload: [UInt8]) -> Void
    /// A followed session was deleted (expired): it has no more changes.
    public var onEnded: @Sendable (_ sessionID: String) -> Void

    public init(
        onFollowing: @escaping @Sendable (_ sessionID: String) -> Void, onChange: @escaping @Sendable (StreamedChange) -> Void,
        onLive: @escaping @Sendable (_ sessionID: String, _ payload: [UInt8]) -> Void = { _, _ in },
        onEnded: @escaping @Sendable (_ sessionID: String) -> Void = { _ in }
    ) {
        self.onFollowing = onFollowing
        self.onChange = onChange
        self.onLive = onLive
        self.onEnded = onEnded
    }
}
