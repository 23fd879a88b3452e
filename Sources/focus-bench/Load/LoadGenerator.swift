import Foundation

/// Every client connection of a run, driven from the ``ClientLoop``'s single thread: no tasks,
/// no locks, no JSON parsing, so the generator costs little next to the server it measures
/// (and its own CPU use is reported in case it does not).
///
/// Each session has its drivers (its first client, or for typing several) that send intents;
/// every client of the session receives the update for each, and the latency from the
/// driver's send to each receipt is recorded against the driver and the intent's `seq`.
///
/// `@unchecked Sendable`: after `init`, every property is touched only on the loop's thread
/// (in the delegate calls and in work passed to `loop.execute`).
final class LoadGenerator: ClientLoopDelegate, @unchecked Sendable {
    private enum Phase {
        case pending, connecting, joined, gone
    }

    private struct Client {
        let session: Int
        let clientId: String
        /// What it joins with (`/ws?session=`): the session's id, or a viewer capability of it.
        let capability: String
        let port: Int
        var phase = Phase.pending
        /// How updates name this client (`by`): its member id, from its snapshot.
        var identity: [UInt8] = []
        /// Send time of every intent this client sent, at index `seq - 1`.
        var sendTimes: [UInt64] = []
        var nextDue: UInt64 = 0
        var typist: Typist?
    }

    private struct SessionLoad {
        let id: String
        /// The clients that send this session's intents.
        var drivers: [Int] = []
        /// Clients that have joined and not left: the deliveries each intent should make.
        var members = 0
    }

    let loop: ClientLoop<LoadGenerator>
    private let intent: IntentKind
    /// The screen and fields the intents name.
    private let target: IntentTarget
    private let pacing: Pacing
    /// Handshakes (up to the snapshot) allowed at once, so connecting does not flood the server.
    private let maxHandshakes: Int
    /// What client ids start with: another prefix makes other tabs, whose intents a server that
    /// remembers the first ones does not take for resends.
    private let clientIdPrefix: String
    /// Closed loop: each driver stops after this many intents (nil: at the window's end).
    private var intentsPerDriver: Int?

    private var clients: [Client] = []
    private var sessions: [SessionLoad] = []
    private var nextToConnect = 0
    private var handshakes = 0
    private var progress = SetupProgress()
    private var tally = LoadTally()
    private var window: MeasurementWindow?
    private var interval: UInt64 = 0

    /// An open-loop driver sends at most this many overdue intents in one tick of the pacer.
    private static let catchUpPerTick = 8
    private static let tickNanoseconds: UInt64 = 1_000_000
    private static let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)

    init(
        port: Int, intent: IntentKind, target: IntentTarget = .profile, pacing: Pacing, maxHandshakes: Int,
        clientIdPrefix: String = "bench-client"
    ) throws(BenchError) {
        loop = try ClientLoop(host: "127.0.0.1", port: port)
        self.intent = intent
        self.target = target
        self.pacing = pacing
        self.maxHandshakes = maxHandshakes
        self.clientIdPrefix = clientIdPrefix
        loop.start(delegate: self)
    }

    // MARK: Setup (loop thread)

    func addSession(id: String) -> Int {
        sessions.append(SessionLoad(id: id))
        return sessions.count - 1
    }

    /// Adds `count` clients to session `session`, the first `drivers` of them sending intents,
    /// and starts connecting them. A client counts as joined once its snapshot arrives. They join
    /// with `capability` (a viewer's, say) instead of the session's id if given, and connect to
    /// `ports` in turn instead of the loop's port if given.
    func addClients(_ count: Int, to session: Int, drivers: Int, joiningWith capability: String? = nil, ports: [Int] = []) {
        for number in 0..<count {
            if number < drivers {
                sessions[session].drivers.append(clients.count)
            }
            // A client id is a tab's secret: at least 16 characters.
            var client = Client(
                session: session, clientId: "\(clientIdPrefix)-\(session)-\(clients.count)",
                capability: capability ?? sessions[session].id, port: ports.isEmpty ? loop.port : ports[number % ports.count])
            if intent.isTyping && number < drivers {
                client.typist = Typist(letter: Self.letters[number % Self.letters.count])
            }
            clients.append(client)
        }
        progress.total = clients.count
        connectPending()
    }

    var setupProgress: SetupProgress { progress }

    private func connectPending() {
        while handshakes < maxHandshakes && nextToConnect < clients.count {
            let index = nextToConnect
            nextToConnect += 1
            handshakes += 1
            clients[index].phase = .connecting
            progress.firstConnectAt = progress.firstConnectAt ?? MonotonicClock.nanoseconds()
            loop.connect(index, path: "/ws?session=" + clients[index].capability, port: clients[index].port)
        }
    }

    func connectionOpened(_ index: Int) {
        loop.send(text: IntentKind.hello(clientId: clients[index].clientId), on: index)
    }

    func connectionEnded(_ index: Int, _ ending: ConnectionEnding) {
        switch clients[index].phase {
        case .connecting:
            progress.firstFailure = progress.firstFailure ?? "\(ending)"
            handshakes -= 1
            progress.failed += 1
            connectPending()
        case .joined:
            sessions[clients[index].session].members -= 1
            if window != nil { tally.closed += 1 }
        case .pending, .gone:
            break
        }
        clients[index].phase = .gone
    }

    // MARK: Receiving (loop thread)

    func connection(_ index: Int, received message: ArraySlice<UInt8>, at now: UInt64) {
        progress.lastMessageAt = now
        progress.messagesReceived += 1
        switch MessageScan.kind(of: message) {
        case .update:
            receive(update: message, by: index, at: now)
        case .snapshot:
            if clients[index].typist != nil { clients[index].typist!.observe(snapshot: message) }
            guard clients[index].phase == .connecting else {
                if window != nil { tally.snapshots += 1 }
                return
            }
            clients[index].identity = MessageScan.identity(inSnapshot: message).map(Array.init) ?? []
            didJoin(index, at: now)
        case .presence:
            progress.presenceMessages += 1
            progress.presenceBytes += message.count
        case .ack:
            guard window != nil else { return }
            tally.acks += 1
            if let seq = MessageScan.seq(in: message) { answered(seq, by: index) }
        case .error:
            guard window != nil else { return }
            tally.errors += 1
            tally.firstError = tally.firstError ?? String(decoding: message.prefix(300), as: UTF8.self)
            if let seq = MessageScan.seq(in: message) { answered(seq, by: index) }
        case .pong, .other:
            break
        }
    }

    private func receive(update message: ArraySlice<UInt8>, by index: Int, at now: UInt64) {
        let session = clients[index].session
        guard case .member(let author)? = MessageScan.author(of: message) else {
            // The server's own change (an auto-focus timer): no driver to measure it against.
            if clients[index].typist != nil { clients[index].typist!.observe(update: message, isOwn: false) }
            return
        }
        let drivers = sessions[session].drivers
        let driver = drivers.count == 1 ? drivers[0] : drivers.first { clients[$0].identity.elementsEqual(author) }
        if clients[index].typist != nil { clients[index].typist!.observe(update: message, isOwn: driver == index) }
        guard let driver, let seq = MessageScan.seq(in: message), seq >= 1, seq <= clients[driver].sendTimes.count else { return }
        let sentAt = clients[driver].sendTimes[seq - 1]
        if let window, window.contains(sentAt) {
            tally.updatesReceived += 1
            tally.updateBytes += message.count
            tally.largestUpdateBytes = max(tally.largestUpdateBytes, message.count)
            // Typists measure the way to the others; a driver's own update counts otherwise.
            if !(intent.isTyping && driver == index) {
                tally.deliveriesReceived += 1
                let latency = now &- sentAt
                if sentAt < window.middle {
                    tally.firstHalf.add(nanoseconds: latency)
                } else {
                    tally.secondHalf.add(nanoseconds: latency)
                }
                if !tally.perSecond.isEmpty {
                    tally.perSecond[min(Int((sentAt - window.start) / 1_000_000_000), tally.perSecond.count - 1)]
                        .add(nanoseconds: latency)
                }
            }
        }
        if driver == index { answered(seq, by: index) }
    }

    private func didJoin(_ index: Int, at now: UInt64) {
        clients[index].phase = .joined
        sessions[clients[index].session].members += 1
        progress.joined += 1
        progress.lastJoinAt = now
        handshakes -= 1
        connectPending()
    }

    /// Closed loop: the driver's last intent was answered, so it sends the next.
    private func answered(_ seq: Int, by driver: Int) {
        guard pacing == .closedLoop, seq == clients[driver].sendTimes.count, seq < intentsPerDriver ?? .max,
            let window, MonotonicClock.nanoseconds() < window.end
        else { return }
        send(from: driver)
    }

    // MARK: Sending (loop thread)

    /// Starts the drivers: warm-up until `window.start`, measured until `window.end`, then
    /// quiet. With `perSecond`, latencies are kept by the second of the window too. A closed
    /// loop's drivers stop after `intentsPerDriver` intents, if given.
    func start(window: MeasurementWindow, perSecond: Bool, intentsPerDriver: Int? = nil) {
        self.window = window
        self.intentsPerDriver = intentsPerDriver
        tally = LoadTally()
        if perSecond {
            tally.perSecond = Array(repeating: LatencySamples(), count: max(1, Int(window.seconds.rounded(.up))))
        }
        let drivers = sessions.flatMap(\.drivers)
        switch pacing {
        case .fixedRate(let perSecond):
            interval = UInt64(1e9 / perSecond)
            // Spread the drivers evenly over one interval so they do not all send at once.
            let now = MonotonicClock.nanoseconds()
            for (order, driver) in drivers.enumerated() {
                clients[driver].nextDue = now + interval * UInt64(order) / UInt64(max(drivers.count, 1))
            }
            startPacer(until: window.end)
        case .closedLoop:
            for driver in drivers {
                send(from: driver)
            }
        }
    }

    /// Wakes the loop every millisecond until `end` to send what is due, from a thread of its
    /// own, so the loop itself only ever waits in epoll.
    private func startPacer(until end: UInt64) {
        let pacer = Thread { [self] in
            var next = MonotonicClock.nanoseconds()
            while next < end {
                next += Self.tickNanoseconds
                MonotonicClock.sleep(until: next)
                loop.execute { [self] in sendDue() }
            }
        }
        pacer.name = "focus-bench.pacer"
        pacer.start()
    }

    private func sendDue() {
        guard let window else { return }
        let now = MonotonicClock.nanoseconds()
        guard now < window.end else { return }
        for session in sessions.indices {
            for driver in sessions[session].drivers {
                var sent = 0
                while clients[driver].nextDue <= now && sent < Self.catchUpPerTick {
                    send(from: driver)
                    clients[driver].nextDue += interval
                    sent += 1
                }
                if clients[driver].nextDue <= now {
                    tally.behindSchedule += 1
                }
            }
        }
    }

    private func send(from driver: Int) {
        guard clients[driver].phase == .joined else { return }
        let seq = clients[driver].sendTimes.count + 1
        let message: [UInt8]
        switch (intent, clients[driver].typist) {
        case (.splice, let typist?): message = typist.splice(seq: seq)
        case (.typedEdit, let typist?): message = typist.edit(seq: seq)
        default: message = intent.message(seq: seq, target: target)
        }
        let sentAt = MonotonicClock.nanoseconds()
        clients[driver].sendTimes.append(sentAt)
        loop.send(text: message, on: driver)
        if let window, window.contains(sentAt) {
            let members = sessions[clients[driver].session].members
            tally.intentsSent += 1
            tally.deliveriesExpected += intent.isTyping ? members - 1 : members
        }
    }

    /// Closes every connection and stops the client loop. Call from another thread.
    func shutdown() {
        loop.shutdown()
    }

    /// What has been counted so far.
    var currentTally: LoadTally { tally }
}
