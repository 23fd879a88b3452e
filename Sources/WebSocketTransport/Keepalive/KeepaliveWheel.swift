/// The keepalive schedule of every connection of one server: one timer for all of them instead
/// of one per connection.
///
/// Time is counted in ticks. Each connection sits in the slot of the tick it next needs looking
/// at; each tick the wheel looks at one slot. A connection gets a PING `pingAfter` ticks after
/// its last PONG (minus its jitter, so connections that opened together are pinged over a
/// stretch of ticks rather than all at once), and is hung up `hangUpAfter` ticks after its last
/// PONG. A PONG only updates the connection's ``KeepaliveState``; the wheel sees it when the
/// connection's slot comes round, so receiving costs nothing here.
///
/// A closed connection is taken out of its slot with ``remove(_:)`` (its state says which slot),
/// so the wheel holds members strongly without keeping closed ones: no weak references, which
/// would give every connection a side table and send each retain of it, once per message
/// sent, down the runtime's slow path.
struct KeepaliveWheel<Member: KeepaliveMember> {
    let pingAfter: Int
    let hangUpAfter: Int
    private var slots: [[Member]]
    /// The last tick whose slot was looked at.
    private(set) var processedTick: Int
    /// Entries in the slots, including ones that stopped needing keepalive.
    private(set) var count = 0

    init(pingAfter: Int, hangUpAfter: Int, now: Int) {
        self.pingAfter = max(1, pingAfter)
        self.hangUpAfter = max(1, hangUpAfter)
        slots = Array(repeating: [], count: max(self.pingAfter, self.hangUpAfter) + 2)
        processedTick = now
    }

    var isEmpty: Bool { count == 0 }

    /// Jitter for a connection: up to a quarter of the PING interval, spread by `seed` (a
    /// connection id), the same for the connection's whole life.
    func jitter(for seed: UInt64) -> Int {
        Int(truncatingIfNeeded: (seed &* 0x9E37_79B9_7F4A_7C15) >> 33) % (pingAfter / 4 + 1)
    }

    /// Starts looking after `member`, whose state says when it last heard a PONG.
    mutating func add(_ member: Member) {
        insert(member, at: member.keepalive.lastPong + pingAfter - member.keepalive.jitter)
    }

    /// Stops looking after `member` (it closed): its one entry leaves its slot.
    mutating func remove(_ member: Member) {
        guard let tick = member.keepalive.wheelTick else { return }
        member.keepalive.wheelTick = nil
        let index = tick % slots.count
        guard let position = slots[index].firstIndex(where: { $0 === member }) else { return }
        // Order within a slot does not matter: its members are all due in the same tick.
        slots[index].swapAt(position, slots[index].count - 1)
        slots[index].removeLast()
        count -= 1
    }

    /// Looks at every slot up to `now` and returns what to do, in order.
    mutating func advance(to now: Int) -> [(member: Member, action: KeepaliveAction)] {
        var actions: [(member: Member, action: KeepaliveAction)] = []
        while processedTick < now {
            processedTick += 1
            let index = processedTick % slots.count
            let due = slots[index]
            slots[index] = []
            count -= due.count
            for member in due {
                member.keepalive.wheelTick = nil
                guard member.needsKeepalive else { continue }
                if let action = look(at: member, tick: processedTick) {
                    actions.append((member, action))
                }
            }
        }
        return actions
    }

    private mutating func look(at member: Member, tick: Int) -> KeepaliveAction? {
        var state = member.keepalive
        if tick - state.lastPong >= hangUpAfter {
            return .hangUp
        }
        var action: KeepaliveAction?
        if !state.isAwaitingPong && tick >= state.lastPong + pingAfter - state.jitter {
            state.pingSent = tick
            member.keepalive = state
            action = .ping
        }
        let next =
            state.isAwaitingPong
            ? min(tick + pingAfter - state.jitter, state.lastPong + hangUpAfter)
            : state.lastPong + pingAfter - state.jitter
        insert(member, at: next)
        return action
    }

    private mutating func insert(_ member: Member, at tick: Int) {
        let clamped = min(max(tick, processedTick + 1), processedTick + slots.count - 1)
        slots[clamped % slots.count].append(member)
        member.keepalive.wheelTick = clamped
        count += 1
    }
}
