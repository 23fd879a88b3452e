import FocusCore
import FocusProtocol
import Sessions
import TestSupport
import Testing

/// Three people typing into one field through the real session machine, with the page's own
/// client (`SpliceClient`): messages delivered in random interleavings (each connection in order),
/// members falling behind, reconnects. Nothing anyone typed is lost.
@Suite("Lossless typing through the session machine")
struct SpliceMergeTests {

    /// One page: its connection, its client for the field, the seq of its splice in flight.
    struct Page {
        var connection: ConnectionID
        let clientNumber: Int
        var client: SpliceClient
        var inFlight: (seq: Int, sent: OutgoingSplice)?
        var seq = 0
        var inbox: [ServerMessage] = []
        /// Tags of the characters it typed, in the order it typed them (each a distinct scalar).
        var typed: [Character] = []
        var next: UInt32
        var needsResync = false
        /// Characters this page deleted (its own or others'): only those may be missing at the end.
        var deleted: Set<Character> = []
        /// Whether it learnt that the field's row was deleted: it types there no more.
        var gone = false
        /// Its own characters in the order its text last showed them.
        var ownOrder: [Character] = []
        /// Times its own characters changed their order in its text.
        var reorderings = 0
    }

    struct World {
        var harness = Harness()
        var pages: [Page] = []
        var random: SplitMix64
        var nextConnection: UInt64 = 1
        /// The field everyone types into.
        var screen = ScreenID.profileForm
        var key: FocusKey = "firstName"
        /// The reminder row's Delete button, when the field is a reminder's title.
        var delete: FocusKey?
        /// The revision that removed the field's row, once someone removed it.
        var removedAt: Int?
        /// Each page's last `seq` when the row went: splices after it reached a field that was gone.
        var seqsAtRemoval: [Int]?
        /// Splices that reached the field after its row went, refused with `unknown_key`.
        var refusedAsGone = 0

        /// `screen/key` as a snapshot's `you.splices` names it.
        var field: String { screen.rawValue + "/" + key.name }

        /// Three pages on the profile form's first name or, `onReminderRow`, on the first
        /// reminder's title, whose row a fourth member may delete while the others type.
        init(seed: UInt64, onReminderRow: Bool = false) {
            random = SplitMix64(seed: seed)
            if onReminderRow {
                harness.join(99)
                harness.intent(99, seq: 1, .profileForm, .navigate(.reminderList))
                screen = .reminderList
                key = harness.keys(titled: "Title")[0]
                delete = harness.drawn.controls.first { $0.title == "Delete" && $0.key?.rowID == key.rowID }?.key
                precondition(key.rowID != nil && delete != nil, "the first reminder's title and its Delete button")
            }
            for index in 0..<3 {
                // Tags from private-use planes, astral on purpose: two UTF-16 code units each.
                let page = Page(
                    connection: ConnectionID(0), clientNumber: index + 1, client: SpliceClient(member: "", text: "", revision: 0),
                    next: 0xF0000 + UInt32(index) * 0x4000)
                pages.append(page)
                connect(index)
            }
        }

        mutating func deliver(_ outputs: [SessionOutput]) {
            for output in outputs {
                switch output {
                case .send(let message, let connection):
                    if let index = pages.firstIndex(where: { $0.connection == connection }) { pages[index].inbox.append(message) }
                case .broadcast(let message):
                    for index in pages.indices where harness.machine.recipients.contains(pages[index].connection) {
                        pages[index].inbox.append(message)
                    }
                default:
                    break
                }
            }
        }

        mutating func connect(_ index: Int) {
            let connection = ConnectionID(nextConnection)
            nextConnection += 1
            pages[index].connection = connection
            pages[index].inbox = []
            deliver(harness.handle(.opened(connection, role: .editor)))
            deliver(
                harness.handle(
                    .received(.hello(clientId: Harness.clientId(pages[index].clientNumber), name: nil), from: connection)))
        }

        mutating func send(_ index: Int, _ outgoing: OutgoingSplice?) {
            guard let outgoing else { return }
            pages[index].seq += 1
            pages[index].inFlight = (pages[index].seq, outgoing)
            let splice = outgoing.splice
            let message = IntentMessage(
                seq: pages[index].seq, screen: screen,
                action: .splice(key, base: outgoing.base, at: splice.at, delete: splice.delete, insert: splice.insert))
            deliver(harness.handle(.received(.intent(message), from: pages[index].connection)))
        }

        /// The page types: an insert at its caret, sometimes replacing a selection or deleting.
        mutating func type(_ index: Int) {
            guard !pages[index].gone else { return }
            var page = pages[index]
            let length = page.client.text.utf16Length
            let text = Array(page.client.text.unicodeScalars)
            // Offsets on scalar edges only, as a browser's selection gives them.
            var edges = [0]
            for scalar in text { edges.append(edges.last! + (scalar.value > 0xFFFF ? 2 : 1)) }
            let start = edges[Int(random.next() % UInt64(edges.count))]
            let ends = edges.filter { $0 >= start && $0 <= min(length, start + 4) }
            let end = random.next() % 3 == 0 ? ends[Int(random.next() % UInt64(ends.count))] : start
            var offset = 0
            for character in page.client.text {
                let width = character.utf16.count
                if offset >= start && offset + width <= end { page.deleted.insert(character) }
                offset += width
            }
            var insert = ""
            if random.next() % 5 != 0 {
                insert = String(Character(Unicode.Scalar(page.next)!))
                page.typed.append(Character(Unicode.Scalar(page.next)!))
                page.next += 1
            }
            pages[index] = page
            defer { checkOwnOrder(index) }
            let outgoing = pages[index].client.edit(TextSplice(at: start, delete: end - start, insert: insert))
            if pages[index].inFlight == nil { send(index, outgoing) } else { precondition(outgoing == nil) }
        }

        /// Checks that the page's own characters keep their order in its text (among those both
        /// the last look and this one hold), then remembers this look.
        mutating func checkOwnOrder(_ index: Int) {
            let typed = Set(pages[index].typed)
            let now = pages[index].client.text.filter { typed.contains($0) }
            let common = Set(now).intersection(pages[index].ownOrder)
            if pages[index].ownOrder.filter({ common.contains($0) }) != now.filter({ common.contains($0) }) {
                pages[index].reorderings += 1
            }
            pages[index].ownOrder = Array(now)
        }

        /// The page reads its next message.
        mutating func read(_ index: Int) {
            defer { checkOwnOrder(index) }
            guard !pages[index].inbox.isEmpty else { return }
            let message = pages[index].inbox.removeFirst()
            let me = pages[index].client.member
            switch message {
            case .snapshot(let snapshot):
                let state = try? snapshot.state.decoded()
                #expect(state != nil, "a snapshot's state reads back")
                let drawn = state?.program.drawn.controls.first { $0.key == key && $0.kind.isTextField }
                let text = drawn?.value ?? ""
                if removedAt != nil, drawn == nil {
                    pages[index].gone = true
                    pages[index].inFlight = nil
                    return
                }
                if pages[index].client.member.isEmpty {
                    pages[index].client = SpliceClient(
                        member: snapshot.you.member.rawValue, text: text, revision: snapshot.revision)
                    return
                }
                var outcome = SpliceClient.InFlightOutcome.unanswered
                if let flight = pages[index].inFlight {
                    if (snapshot.lastSplices[field] ?? 0) >= flight.seq {
                        outcome = .applied
                    } else if snapshot.lastSeq >= flight.seq || pages[index].needsResync {
                        outcome = .refused
                    }
                }
                pages[index].needsResync = false
                if outcome != .unanswered { pages[index].inFlight = nil }
                send(index, pages[index].client.resync(text: text, revision: snapshot.revision, inFlight: outcome))
            case .update(let update):
                let ops = update.events.flatMap { event -> [TextSplice] in
                    if case .edit(screen, key, let ops) = event { return ops }
                    return []
                }
                let drawn = JSONValue.object(update.patch)["program"]["drawn"]
                if drawn["content"] != .null, !drawn.fieldKeys.contains(key.name) {
                    // The screen was drawn anew without the field: what the page had unsent for it goes with it.
                    pages[index].gone = true
                    pages[index].inFlight = nil
                    return
                }
                if update.by?.rawValue == me, let flight = pages[index].inFlight, update.seq == flight.seq {
                    pages[index].inFlight = nil
                    send(index, pages[index].client.acknowledge(revision: update.revision, applied: ops))
                } else {
                    pages[index].client.receive(ops, revision: update.revision, member: update.by?.rawValue ?? "")
                }
            case .ack(let seq, _):
                if let flight = pages[index].inFlight, flight.seq == seq {
                    pages[index].inFlight = nil
                    send(index, pages[index].client.acknowledge(revision: pages[index].client.revision, applied: []))
                }
            case .error(let error):
                if let sent = seqsAtRemoval?[index], let seq = error.seq, seq > sent {
                    // A splice the server met after the row went is refused as gone, never as a bad splice.
                    #expect(error.code == .unknownKey, "a splice of a removed row: \(error)")
                    refusedAsGone += 1
                    pages[index].inFlight = nil
                    pages[index].gone = true
                    return
                }
                guard let flight = pages[index].inFlight, error.seq == flight.seq else { return }
                switch error.code {
                case .staleBase, .badSplice:
                    pages[index].inFlight = nil
                    send(index, pages[index].client.refuse())
                    if pages[index].client.state == .awaitingText {
                        deliver(harness.handle(.received(.resync, from: pages[index].connection)))
                    }
                case .valueTooLong:
                    pages[index].inFlight = nil
                    send(index, pages[index].client.reject())
                default:
                    Issue.record("unexpected refusal \(error)")
                }
            case .presence, .carets, .pong, .past, .stepping, .presentation, .forks, .shown:
                break
            }
        }

        /// The page's connection drops; what was on the way is lost, and it joins again.
        mutating func reconnect(_ index: Int) {
            deliver(harness.handle(.closed(pages[index].connection)))
            // An unanswered splice lost with the connection is never resent: resync sends its edits.
            pages[index].needsResync = pages[index].inFlight != nil
            connect(index)
        }
    }

    @Test(
        "A row removed while three pages type into it: splices in flight are refused as unknown_key, and every page lets the field go",
        arguments: Array(0..<60) as [UInt64])
    func rowRemovedUnderInFlightSplices(seed: UInt64) throws {
        var world = World(seed: seed, onReminderRow: true)
        for index in 0..<3 { while !world.pages[index].inbox.isEmpty { world.read(index) } }
        for step in 0..<240 {
            let index = Int(world.random.next() % 3)
            if world.removedAt == nil, step >= 40, world.pages.contains(where: { $0.inFlight != nil }),
                world.random.next() % 8 == 0
            {
                // A fourth member removes the row while splices are on their way.
                world.deliver(world.harness.intent(99, seq: 2, .reminderList, .tap(world.delete!)))
                world.removedAt = world.harness.machine.revision
                world.seqsAtRemoval = world.pages.map(\.seq)
                continue
            }
            switch world.random.next() % 20 {
            case 0..<9: world.type(index)
            case 9..<19: for _ in 0..<(1 + world.random.next() % 4) { world.read(index) }
            default: world.reconnect(index)
            }
        }
        var rounds = 0
        while world.pages.contains(where: { !$0.inbox.isEmpty }) && rounds < 100_000 {
            for index in 0..<3 { world.read(index) }
            rounds += 1
        }
        guard let removedAt = world.removedAt else { return }
        #expect(world.harness.value(of: world.key) == nil, "seed \(seed): the row is gone")
        #expect(world.harness.keys(titled: "Title").count == 2, "seed \(seed): two reminders are left")
        #expect(
            world.harness.log.contains {
                if case .persist(.change(let change)) = $0 { change.revision > removedAt } else { false }
            } == false,
            "seed \(seed): nothing applied after the removal")
        for page in world.pages {
            #expect(page.gone && page.inFlight == nil, "seed \(seed): every page let the field go")
        }
    }

    @Test("Across seeds, rows are removed under splices in flight, and those splices are refused as gone")
    func rowRemovalsHappen() throws {
        var removals = 0
        var refused = 0
        for seed in 0..<60 as Range<UInt64> {
            var world = World(seed: seed, onReminderRow: true)
            for index in 0..<3 { while !world.pages[index].inbox.isEmpty { world.read(index) } }
            for _ in 0..<60 { world.type(Int(world.random.next() % 3)) }
            world.deliver(world.harness.intent(99, seq: 2, .reminderList, .tap(world.delete!)))
            world.removedAt = world.harness.machine.revision
            world.seqsAtRemoval = world.pages.map(\.seq)
            removals += 1
            for index in 0..<3 { world.type(index) }
            for index in 0..<3 { while !world.pages[index].inbox.isEmpty { world.read(index) } }
            refused += world.refusedAsGone
        }
        #expect(removals == 60 && refused > 0, "\(refused) splices in flight were refused as gone")
    }

    @Test(
        "Three pages typing at once through the machine converge and lose nothing, each in its own order",
        // 60 seeds: each runs the seed program's full drawing and patch for every keystroke (about 0.4 s).
        arguments: Array(0..<60) as [UInt64])
    func typingConverges(seed: UInt64) throws {
        var world = World(seed: seed)
        for index in 0..<3 { while !world.pages[index].inbox.isEmpty { world.read(index) } }
        for _ in 0..<300 {
            let index = Int(world.random.next() % 3)
            switch world.random.next() % 20 {
            case 0..<8: world.type(index)
            case 8..<17: for _ in 0..<(1 + world.random.next() % 4) { world.read(index) }
            case 17: world.deliver(world.harness.handle(.fellBehind(world.pages[index].connection)))
            case 18: world.deliver(world.harness.handle(.caughtUp(world.pages[index].connection)))
            default: world.reconnect(index)
            }
        }
        // Let everything arrive.
        for index in 0..<3 { world.deliver(world.harness.handle(.caughtUp(world.pages[index].connection))) }
        var rounds = 0
        while world.pages.contains(where: { !$0.inbox.isEmpty }) && rounds < 100_000 {
            for index in 0..<3 { world.read(index) }
            rounds += 1
        }
        let server = try #require(world.harness.value(of: "firstName"))
        for page in world.pages {
            #expect(page.client.text == server, "seed \(seed): a page differs from the server")
            #expect(page.client.state == .synchronized, "seed \(seed)")
        }
        // Every character typed and never deleted by anyone is there once, and no page ever saw
        // its own characters change order.
        let present = Array(server)
        for page in world.pages {
            #expect(page.reorderings == 0, "seed \(seed): a page's own characters changed order \(page.reorderings) times")
        }
        #expect(Set(present).count == present.count, "no character appears twice")
        let deleted = world.pages.reduce(into: Set<Character>()) { $0.formUnion($1.deleted) }
        let lost = world.pages.flatMap(\.typed).filter { !present.contains($0) && !deleted.contains($0) }
        #expect(lost.isEmpty, "seed \(seed): \(lost.count) typed characters nobody deleted are missing")
    }
}
