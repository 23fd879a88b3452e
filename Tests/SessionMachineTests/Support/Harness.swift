import FocusCore
import FocusProtocol
import Sessions
import TestSupport

/// A session machine driven as a host would drive it, with a clock and timers of its own:
/// `advance(by:)` moves time on and fires every timer that falls due, in order. No sockets, no
/// sleeps.
struct Harness {
    var machine: SessionMachine
    var now = MachineTime(monotonicMilliseconds: 1_000_000, wallMilliseconds: 1_795_900_000_000)
    var ids = SplitMix64(seed: 7)
    /// Every output so far, in order, with the time it was produced.
    private(set) var log: [SessionOutput] = []
    /// Timers the machine asked for and has not cancelled: when each falls due.
    private(set) var timers: [SessionTimer: Int64] = [:]
    /// When each timer was asked for, so timers due at once fire in that order, run after run.
    private var asked: [SessionTimer: Int] = [:]
    private var schedules = 0
    /// The session state snapshots carry, encoded, and its revision.
    private var encoded: (revision: Int, state: EncodedJSON<SessionSnapshot>)?
    /// Connections the machine closed, with their codes.
    private(set) var closed: [ConnectionID: WireCloseCode] = [:]

    /// The four seed screens in one source, as a session made without a source runs them
    /// (`ProfileForm`, `CheckoutForm`, `GiftMessageForm`, `ReminderList`).
    static let seeds: String = {
        do { return try Seed.source() } catch { fatalError("the seed sources cannot be read: \(error)") }
    }()

    /// A session running `source` (the seed screens unless told), compiled by `compile`.
    init(
        configuration: SessionConfiguration = SessionConfiguration(),
        compile: @escaping SourceCompiler = MemoizedCompiler.compile, source: String = Harness.seeds
    ) {
        var ids = SplitMix64(seed: 1)
        var outputs: [SessionOutput] = []
        let id = SessionID.random(using: &ids)
        guard
            let machine = SessionMachine(
                id: id, viewerID: SessionID.random(sharingRouteWith: id, using: &ids), configuration: configuration,
                compile: compile, source: compile(source), at: now, ids: &ids, into: &outputs)
        else { fatalError("the harness's source has errors: \(compile(source).diagnostics)") }
        self.machine = machine
        record(outputs)
    }

    /// A session restored from `durable`, nobody connected (`nil` when it cannot be), compiling with
    /// the memoized compiler unless told.
    static func restored(
        _ durable: DurableSession, configuration: SessionConfiguration = SessionConfiguration(),
        compile: @escaping SourceCompiler = MemoizedCompiler.compile,
        at time: MachineTime = MachineTime(monotonicMilliseconds: 0, wallMilliseconds: 0)
    ) -> SessionMachine? {
        try? SessionMachine(restoring: durable, configuration: configuration, compile: compile, at: time)
    }

    @discardableResult
    mutating func handle(_ input: SessionInput) -> [SessionOutput] {
        var outputs: [SessionOutput] = []
        machine.handle(input, at: now, ids: &ids, into: &outputs)
        var resolved: [SessionOutput] = []
        for output in outputs { resolved.append(resolve(output)) }
        record(resolved)
        return resolved
    }

    /// A snapshot output as a host sends it: the member's part with the state, encoded once a
    /// revision as the host encodes it (a burst of joins shares one encoding).
    private mutating func resolve(_ output: SessionOutput) -> SessionOutput {
        // Step moves without a revision: the state encoded before it is stale, as the host's is.
        if case .broadcast(.stepping) = output { encoded = nil }
        guard case .sendSnapshot(let member, let connection) = output else { return output }
        if encoded?.revision != machine.revision {
            encoded = (machine.revision, EncodedJSON(machine.sessionSnapshot()))
        }
        return .send(.snapshot(member.message(state: encoded!.state)), to: connection)
    }

    private mutating func record(_ outputs: [SessionOutput]) {
        for output in outputs {
            switch output {
            case .schedule(let timer, let milliseconds):
                timers[timer] = now.monotonicMilliseconds + Int64(milliseconds)
                schedules += 1
                asked[timer] = schedules
            case .cancel(let timer): timers[timer] = nil
            case .close(let connection, let code, _): closed[connection] = code
            default: break
            }
        }
        log += outputs
    }

    /// Moves the clocks on by `milliseconds`, firing due timers at their own times; `fired` sees
    /// the harness after each (two timers due at once are two inputs, and may be two changes).
    mutating func advance(by milliseconds: Int64, fired: (Harness) -> Void = { _ in }) {
        let end = now.monotonicMilliseconds + milliseconds
        while let (timer, due) = timers.filter({ $0.value <= end }).min(by: {
            ($0.value, asked[$0.key] ?? 0) < ($1.value, asked[$1.key] ?? 0)
        }) {
            move(to: due)
            timers[timer] = nil
            handle(.timerFired(timer))
            fired(self)
        }
        move(to: end)
    }

    private mutating func move(to monotonic: Int64) {
        now.wallMilliseconds += monotonic - now.monotonicMilliseconds
        now.monotonicMilliseconds = monotonic
    }

    // MARK: Talking to it

    static func clientId(_ number: Int) -> String { "tab-secret-\(String(number).paddedTo(8))" }

    /// Opens connection `number` as an editor and says hello; returns its snapshot.
    @discardableResult
    mutating func join(_ number: UInt64, client: Int? = nil, name: String? = nil, role: Role = .editor) -> SnapshotMessage? {
        let connection = ConnectionID(number)
        handle(.opened(connection, role: role))
        let outputs = handle(.received(.hello(clientId: Harness.clientId(client ?? Int(number)), name: name), from: connection))
        return outputs.lazy.compactMap { output -> SnapshotMessage? in
            if case .send(.snapshot(let snapshot), connection) = output { return snapshot }
            return nil
        }.first
    }

    @discardableResult
    mutating func intent(_ number: UInt64, seq: Int, _ screen: ScreenID, _ action: IntentMessage.Action) -> [SessionOutput] {
        handle(.received(.intent(IntentMessage(seq: seq, screen: screen, action: action)), from: ConnectionID(number)))
    }

    /// Messages sent to `connection` by `outputs` (direct sends and broadcasts it receives).
    func messages(to number: UInt64, in outputs: [SessionOutput]) -> [ServerMessage] {
        let connection = ConnectionID(number)
        return outputs.compactMap {
            switch $0 {
            case .send(let message, connection): message
            case .broadcast(let message) where machine.recipients.contains(connection): message
            default: nil
            }
        }
    }

    /// Every presence message in the log.
    var presenceMessages: [PresenceMessage] {
        log.compactMap { if case .broadcast(.presence(let presence)) = $0 { presence } else { nil } }
    }
}

/// The seed screens by their view structs' names, as intents name them.
extension ScreenID {
    static let profileForm = ScreenID(rawValue: Seed.profile)
    static let checkoutForm = ScreenID(rawValue: Seed.checkout)
    static let giftForm = ScreenID(rawValue: Seed.gift)
    static let reminderList = ScreenID(rawValue: Seed.tasks)
}

extension String {
    func paddedTo(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
