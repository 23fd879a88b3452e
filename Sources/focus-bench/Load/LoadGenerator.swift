import Foundation
import WebSocketClient
import WebSocketTransport

/// Every client connection of a run, driven with callbacks from the client loop's single
/// thread: no tasks, no locks, no JSON parsing, so the generator costs little next to the
/// server it measures (and its own CPU use is reported in case it does not).
///
/// Each session has one driver (its first client) that sends intents; every client of the
/// session, the driver included, receives the update for each, and the latency from the
/// driver's send to each receipt is recorded against the intent's `seq`.
///
/// `@unchecked Sendable`: after `init`, every property is touched only on the loop's service
/// thread (in `onEvent`, in timers and in work passed to `loop.execute`).
final class LoadGenerator: @unchecked Sendable {
    private enum Phase {
        case pending, connecting, joined, gone
    }

    private struct Client {
        let session: Int
        let clientId: String
        /// False for a connection that opens and stays silent (it joins no one's presence).
        let saysHello: Bool
        var connection: WebSocketClientConnection?
        var phase = Phase.pending
    }

    private struct SessionLoad {
        let id: String
        /// The client that sends this session's intents, if any.
        var driver: Int?
        /// Send time of every intent, at index `seq - 1`.
        var sendTimes: [UInt64] = []
        /// Clients that have joined and not left: the deliveries each intent should make.
        var members = 0
        var nextDue: UInt64 = 0
    }

    let loop: WebSocketClientLoop
    private let host: String
    private let port: Int
    private let intent: IntentKind
    private let pacing: Pacing
    /// Handshakes (up to the snapshot) allowed at once, so connecting does not flood the server.
    private let maxHandshakes: Int

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

    init(loop: WebSocketClientLoop, host: String, port: Int, intent: IntentKind, pacing: Pacing, maxHandshakes: Int = 64) {
        self.loop = loop
        self.host = host
        self.port = port
        self.intent = intent
        self.pacing = pacing
        self.maxHandshakes = maxHandshakes
    }

    // MARK: Setup (service thread)

    /// Adds a session; its first client added with `drives` true sends the intents.
    func addSession(id: String) -> Int {
        sessions.append(SessionLoad(id: id))
        return sessions.count - 1
    }

    /// Adds `count` clients to session `session` and starts connecting them. Clients that say
    /// hello count as joined once their snapshot arrives; silent ones once the WebSocket is open.
    func addClients(_ count: Int, to session: Int, firstDrives: Bool, sayHello: Bool = true) {
        for number in 0..<count {
            if firstDrives && number == 0 && sessions[session].driver == nil {
                sessions[session].driver = clients.count
            }
            clients.append(Client(session: session, clientId: "bench-\(session)-\(clients.count)", saysHello: sayHello))
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
            let path = "/ws?session=" + sessions[clients[index].session].id
            clients[index].connection = loop.connect(host: host, port: port, path: path) { [unowned self] connection, event in
                handle(event, on: connection, from: index)
            }
        }
    }

    private func handle(_ event: WebSocketClientConnection.Event, on connection: WebSocketClientConnection, from index: Int) {
        switch event {
        case .opened:
            if clients[index].saysHello {
                connection.send(utf8: IntentKind.hello(clientId: clients[index].clientId))
            } else {
                didJoin(index)
            }
        case .text(let message):
            receive(message, from: index)
        case .failed(let error):
            progress.firstFailure = progress.firstFailure ?? "\(error)"
            leave(index)
        case .closed(let code):
            if progress.firstFailure == nil, clients[index].phase == .connecting {
                progress.firstFailure = "the server closed a joining connection (code \(code.map { "\($0.rawValue)" } ?? "none"))"
            }
            leave(index)
        }
    }

    private func leave(_ index: Int) {
        switch clients[index].phase {
        case .connecting:
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

    // MARK: Receiving (service thread)

    private func receive(_ message: [UInt8], from index: Int) {
        let now = MonotonicClock.nanoseconds()
        progress.lastMessageAt = now
        progress.messagesReceived += 1
        switch MessageScan.kind(of: message) {
        case .update:
            guard let seq = MessageScan.seq(in: message) else { return }
            let session = clients[index].session
            guard seq >= 1, seq <= sessions[session].sendTimes.count else { return }
            let sentAt = sessions[session].sendTimes[seq - 1]
            if let window, window.contains(sentAt) {
                tally.deliveriesReceived += 1
                if sentAt < window.middle {
                    tally.firstHalf.add(nanoseconds: now &- sentAt)
                } else {
                    tally.secondHalf.add(nanoseconds: now &- sentAt)
                }
            }
            answered(seq, in: session, at: index)
        case .snapshot:
            guard clients[index].phase == .connecting else {
                if window != nil { tally.snapshots += 1 }
                return
            }
            didJoin(index)
        case .ack, .error:
            guard window != nil else { return }
            if MessageScan.kind(of: message) == .ack { tally.acks += 1 } else { tally.errors += 1 }
            if let seq = MessageScan.seq(in: message) {
                answered(seq, in: clients[index].session, at: index)
            }
        case .presence, .pong, .other:
            break
        }
    }

    private func didJoin(_ index: Int) {
        clients[index].phase = .joined
        if clients[index].saysHello {
            sessions[clients[index].session].members += 1
        }
        progress.joined += 1
        handshakes -= 1
        connectPending()
    }

    /// Closed loop: the driver's last intent was answered, so it sends the next.
    private func answered(_ seq: Int, in session: Int, at index: Int) {
        guard pacing == .closedLoop, sessions[session].driver == index, seq == sessions[session].sendTimes.count,
            let window, MonotonicClock.nanoseconds() < window.end
        else { return }
        send(in: session)
    }

    // MARK: Sending (service thread)

    /// Starts the drivers: warm-up until `window.start`, measured until `window.end`, then quiet.
    func start(window: MeasurementWindow) {
        self.window = window
        tally = LoadTally()
        let drivers = sessions.indices.filter { sessions[$0].driver != nil }
        switch pacing {
        case .fixedRate(let perSecond):
            interval = UInt64(1e9 / perSecond)
            // Spread the drivers evenly over one interval so they do not all send at once.
            let now = MonotonicClock.nanoseconds()
            for (order, session) in drivers.enumerated() {
                sessions[session].nextDue = now + interval * UInt64(order) / UInt64(max(drivers.count, 1))
            }
            startPacer(until: window.end)
        case .closedLoop:
            for session in drivers {
                send(in: session)
            }
        }
    }

    /// Wakes the loop every millisecond until `end` to send what is due, from a thread of its
    /// own: a libwebsockets timer on libuv fires up to a millisecond early and then spins until
    /// it is due, which kept the generator's core busy with a 1 ms tick.
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
        for session in sessions.indices where sessions[session].driver != nil {
            var sent = 0
            while sessions[session].nextDue <= now && sent < Self.catchUpPerTick {
                send(in: session)
                sessions[session].nextDue += interval
                sent += 1
            }
            if sessions[session].nextDue <= now {
                tally.behindSchedule += 1
            }
        }
    }

    private func send(in session: Int) {
        guard let driver = sessions[session].driver, clients[driver].phase == .joined,
            let connection = clients[driver].connection
        else { return }
        let seq = sessions[session].sendTimes.count + 1
        let message = intent.message(seq: seq)
        let sentAt = MonotonicClock.nanoseconds()
        sessions[session].sendTimes.append(sentAt)
        connection.send(utf8: message)
        if let window, window.contains(sentAt) {
            tally.intentsSent += 1
            tally.deliveriesExpected += sessions[session].members
        }
    }

    /// Drops every connection and stops the client loop. Call from another thread, and through
    /// the generator rather than the loop: the connections' last events still reach it.
    func shutdown() {
        loop.shutdown()
    }

    /// What has been counted so far.
    var currentTally: LoadTally { tally }
}
