/// The coordinator's own thread: it connects, reconnects with backoff, sends the inbox to
/// Redis in pipelined batches, keeps the leases renewed and reports what came of it all.
///
/// Each turn either sends one batch (the renewals that are due, then up to `batchLimit`
/// requests in asking order) or waits for a request, a renewal, a deadline or a reconnect.
/// A broken round trip puts its writes back at the front of the inbox (every write script is
/// idempotent, so sending them again is safe even when Redis ran them) and fails the other
/// requests; while disconnected, writes wait and other requests fail at once.
///
/// `@unchecked Sendable`: it is handed to its thread once and touched only there after that.
final class CoordinatorLoop: @unchecked Sendable {
    private let configuration: RedisCoordinatorConfiguration
    private let events: RedisCoordinatorEvents
    private let inbox: RequestInbox
    private let status: CoordinatorStatus
    /// `node/instance`: this coordinator in lease values.
    private let claimant: String
    private let clock = ContinuousClock()

    private var connection: RedisConnection?
    private var commands: CommandBuilder?
    private var keeper: LeaseKeeper
    private var reconnectDelay: Duration
    private var nextConnectAttempt: ContinuousClock.Instant
    private var lastExchange: ContinuousClock.Instant
    private var lastFailure = "not connected yet"
    private var seenArrivals: UInt64 = 0

    init(
        configuration: RedisCoordinatorConfiguration, events: RedisCoordinatorEvents, inbox: RequestInbox,
        status: CoordinatorStatus, claimant: String
    ) {
        self.configuration = configuration
        self.events = events
        self.inbox = inbox
        self.status = status
        self.claimant = claimant
        keeper = LeaseKeeper(safetyMargin: configuration.leaseSafetyMargin)
        reconnectDelay = configuration.reconnectDelay
        nextConnectAttempt = clock.now
        lastExchange = clock.now
    }

    /// Runs until the inbox is closed and everything sendable was sent.
    func run() {
        while turn() {}
        finish()
    }

    /// One turn of the loop; false once the inbox is closed and nothing is left to send.
    private func turn() -> Bool {
        let closing = inbox.isClosed
        if connection == nil && (closing || clock.now >= nextConnectAttempt) {
            connect()
        }
        report(keeper.expire(at: clock.now))
        guard connection != nil else {
            if closing { return false }
            fail(inbox.takeAllButWrites(), with: unavailable)
            seenArrivals = inbox.wait(
                after: seenArrivals, until: earliest(nextConnectAttempt, keeper.nextEvent(connected: false)))
            return true
        }
        let requests = inbox.take(limit: configuration.batchLimit)
        if closing && requests.isEmpty { return false }
        let now = clock.now
        let renewals = keeper.takeDueRenewals(at: now)
        let probe = requests.isEmpty && renewals.isEmpty && now >= lastExchange + configuration.probeInterval
        if requests.isEmpty && renewals.isEmpty && !probe {
            let wake = earliest(lastExchange + configuration.probeInterval, keeper.nextEvent(connected: true))
            seenArrivals = inbox.wait(after: seenArrivals, until: wake)
            return true
        }
        exchange(BatchPlan(probe: probe, renewals: renewals, requests: requests))
        return true
    }

    // MARK: Connecting

    /// Connects and loads every script; on failure, waits twice as long before the next try.
    private func connect() {
        do throws(ConnectionFailure) {
            let connection = try RedisConnection(
                url: configuration.url, connectTimeout: configuration.connectTimeout,
                commandTimeout: configuration.commandTimeout)
            let replies = try connection.send(LuaScript.all.map { RedisCommand("SCRIPT", "LOAD", $0.source) })
            var digests: [String: String] = [:]
            for (script, reply) in zip(LuaScript.all, replies) {
                guard reply.errorMessage == nil, let digest = reply.text else {
                    throw ConnectionFailure(reason: "loading the \(script.name) script got \(reply)")
                }
                digests[script.name] = digest
            }
            self.connection = connection
            commands = CommandBuilder(
                digests: digests, claimant: claimant, retention: configuration.retention, pageSize: configuration.loadPageSize)
            lastExchange = clock.now
            setHealth(.ok)
        } catch {
            backOff(error)
        }
    }

    /// Forgets a broken connection and waits before connecting again.
    private func drop(_ failure: ConnectionFailure) {
        connection = nil
        commands = nil
        backOff(failure)
    }

    /// Schedules the next connection attempt after the reconnect delay, and doubles the delay
    /// (up to the maximum) until a round trip succeeds again.
    private func backOff(_ failure: ConnectionFailure) {
        lastFailure = failure.reason
        nextConnectAttempt = clock.now + reconnectDelay
        reconnectDelay = min(reconnectDelay * 2, configuration.maximumReconnectDelay)
        setHealth(.degraded(reason: unavailable.description))
    }

    private var unavailable: RedisCoordinationError {
        .unavailable(url: configuration.url, reason: lastFailure)
    }

    private func setHealth(_ health: CoordinatorHealth) {
        if status.set(health) {
            events.onHealthChange(health)
        }
    }

    // MARK: Round trips

    private func exchange(_ plan: BatchPlan) {
        guard let connection, let commands else { return }
        let sentAt = clock.now
        let replies: [RedisReply]
        do throws(ConnectionFailure) {
            replies = try connection.send(plan.steps.map(commands.command(for:)))
            if let transient = replies.first(where: \.isTransientError) {
                throw ConnectionFailure(reason: "Redis answered '\(transient.errorMessage ?? "")'")
            }
        } catch {
            drop(error)
            inbox.putBack(plan.writes.map(CoordinatorRequest.write))
            fail(plan.requests, with: unavailable)
            return
        }
        lastExchange = clock.now
        reconnectDelay = configuration.reconnectDelay
        settle(plan, replies: replies, sentAt: sentAt)
    }

    /// Answers requests that are not writes with `error`. A lease whose release failed is not
    /// renewed any more either: it lapses by itself.
    private func fail(_ requests: [CoordinatorRequest], with error: RedisCoordinationError) {
        for request in requests {
            if case .release(let lease, _) = request {
                keeper.forget(lease)
            }
            request.fail(error)
        }
    }

    /// Hands out what one round trip brought: renewals first, then the commit report, then
    /// the answers to the other requests.
    private func settle(_ plan: BatchPlan, replies: [RedisReply], sentAt: ContinuousClock.Instant) {
        var answers: [(CoordinatorRequest, RedisReply)] = []
        var failures: [FailedWrite] = []
        var lastTicket: WriteTicket?
        var settledCount = 0
        for (step, reply) in zip(plan.steps, replies) {
            switch step {
            case .probe:
                break
            case .renewal(let lease):
                settleRenewal(of: lease, reply, sentAt: sentAt)
            case .writes(let writes):
                settledCount += writes.count
                lastTicket = later(lastTicket, writes.last?.ticket)
                failures += Self.failures(of: writes, reply)
            case .request(let request):
                answers.append((request, reply))
            }
        }
        inbox.settled(settledCount)
        if let lastTicket {
            events.onCommit(lastTicket, CommitOutcome(failures: failures.sorted { $0.ticket < $1.ticket }))
        }
        for (request, reply) in answers {
            answer(request, reply, sentAt: sentAt)
        }
    }

    /// The writes of one script call that were not stored: all of them for an error reply,
    /// those answered with a refusal when an append answers per change.
    private static func failures(of writes: [SessionWrite], _ reply: RedisReply) -> [FailedWrite] {
        func failed(_ write: SessionWrite, _ failure: WriteFailure) -> FailedWrite {
            FailedWrite(ticket: write.ticket, sessionID: write.sessionID, failure: failure)
        }
        switch reply {
        case .error(let message):
            return writes.map { failed($0, WriteFailure(errorReply: message)) }
        case .integer:
            return []
        case .array(let results) where results.count == writes.count && results.allSatisfy({ $0.text != nil }):
            return zip(writes, results).compactMap { write, result in
                result.text == "ok" ? nil : failed(write, WriteFailure(errorReply: result.text ?? ""))
            }
        default:
            return writes.map { failed($0, .refusedByRedis("unexpected reply: \(reply)")) }
        }
    }

    /// Records what a renewal brought; true when it was renewed.
    @discardableResult
    private func settleRenewal(of lease: Lease, _ reply: RedisReply, sentAt: ContinuousClock.Instant) -> Bool? {
        switch ReplyDecoding.renewal(reply) {
        case .renewed(let wantedBy, let viewers):
            keeper.renewed(lease, sentAt: sentAt)
            if keeper.audience(of: lease, is: viewers) {
                events.onAudience(lease, viewers)
            }
            if let wantedBy, keeper.handoffRequested(lease, by: wantedBy) {
                events.onHandoffRequested(lease, wantedBy)
            }
            return true
        case .lost(let holder):
            report(keeper.renewalRefused(lease, holder: holder).map { [$0] } ?? [])
            return false
        case nil:
            return nil  // a renewal the keeper sent is retried when due again; the deadline still protects
        }
    }

    /// Answers one request that is not a write.
    private func answer(_ request: CoordinatorRequest, _ reply: RedisReply, sentAt: ContinuousClock.Instant) {
        func refusal(_ command: String) -> RedisCoordinationError {
            if let message = reply.errorMessage {
                return .refused(url: configuration.url, command: command, message: message)
            }
            return .unexpectedReply(url: configuration.url, command: command, reply: reply.description)
        }
        switch request {
        case .write:
            break
        case .acquire(let sessionID, let ttl, _, _, let answer):
            guard let acquisition = ReplyDecoding.acquisition(reply, sessionID: sessionID, claimant: claimant, ttl: ttl) else {
                answer(.failure(refusal("the acquire script")))
                break
            }
            if case .acquired(let lease) = acquisition {
                keeper.keep(lease, confirmedAt: sentAt)
            }
            answer(.success(acquisition))
        case .renew(let lease, let answer):
            if let renewed = settleRenewal(of: lease, reply, sentAt: sentAt) {
                answer(.success(renewed))
            } else {
                answer(.failure(refusal("the renew script")))
            }
        case .release(let lease, let answer):
            keeper.forget(lease)
            if let released = reply.integer {
                answer(.success(released == 1))
            } else {
                answer(.failure(refusal("the release script")))
            }
        case .load(let sessionID, let answer):
            guard let loaded = ReplyDecoding.storedSession(reply, sessionID: sessionID) else {
                answer(.failure(refusal("the load script")))
                break
            }
            continueLoading(loaded, page: loaded?.changes.count ?? 0, answer)
        case .continueLoad(var session, let answer):
            guard let changes = ReplyDecoding.changes(reply, sessionID: session.metadata.sessionID) else {
                answer(.failure(refusal("XRANGE")))
                break
            }
            session.changes += changes
            continueLoading(session, page: changes.count, answer)
        case .viewer(_, let answer):
            switch reply {
            case .null: answer(.success(nil))
            case .bulk: answer(.success(reply.text))
            default: answer(.failure(refusal("GET")))
            }
        case .owner(_, let answer):
            switch reply {
            case .null: answer(.success(nil))
            case .bulk: answer(.success(reply.text.flatMap(Lease.node(ofHolder:))))
            default: answer(.failure(refusal("GET")))
            }
        case .live(_, let answer):
            switch reply {
            case .null: answer(.success(nil))
            case .bulk: answer(.success(reply.bytes))
            default: answer(.failure(refusal("GET")))
            }
        case .audience(_, _, _, let answer):
            if reply.integer == 1 {
                answer(.success(true))
            } else {
                answer(.failure(refusal("the audience script")))
            }
        }
    }

    /// Answers a load, or queues its next page first when this page was full: one page per
    /// round trip, so renewals and deadlines are looked after between pages.
    private func continueLoading(
        _ session: LoadedSession?, page: Int, _ answer: @escaping CoordinatorRequest.Reply<LoadedSession?>
    ) {
        if let session, page == configuration.loadPageSize {
            inbox.putBack([.continueLoad(session, reply: answer)])
        } else {
            answer(.success(session))
        }
    }

    private func report(_ lost: [LostLease]) {
        for lease in lost {
            events.onLeaseLost(lease)
        }
    }

    // MARK: Shutting down

    /// Gives back every lease still held (so other nodes need not wait for them to lapse),
    /// then settles what could not be sent.
    private func finish() {
        if connection != nil && !keeper.leases.isEmpty {
            exchange(BatchPlan(probe: false, renewals: [], requests: keeper.leases.map { .release($0, reply: { _ in }) }))
        }
        fail(inbox.takeAllButWrites(), with: .shutDown)
        let abandoned = inbox.abandonWrites()
        if let last = abandoned.last {
            events.onCommit(
                last.ticket,
                .storedExcept(abandoned.map { FailedWrite(ticket: $0.ticket, sessionID: $0.sessionID, failure: .abandoned) }))
        }
        connection = nil
    }

    private func earliest(_ first: ContinuousClock.Instant, _ second: ContinuousClock.Instant?) -> ContinuousClock.Instant {
        second.map { min(first, $0) } ?? first
    }

    /// The larger of two tickets, either of which may be missing.
    private func later(_ first: WriteTicket?, _ second: WriteTicket?) -> WriteTicket? {
        guard let first else { return second }
        guard let second else { return first }
        return max(first, second)
    }
}
