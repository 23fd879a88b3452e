import FocusCore

/// One server and three pages editing one text field, on a seeded random schedule, over protocol
/// v2's rules: pages type, delete and replace selections (every inserted character a distinct tag,
/// two thirds of them astral); messages are delivered late and interleaved (first in, first out
/// per connection); the server refuses some splices (`rate_limited`, resent with a new seq; a small
/// history's `stale_base` and injected `bad_splice`, answered by a `resync` for a snapshot; and
/// `value_too_long`, which takes the splice back); pages fall behind (their queue is dropped for a
/// snapshot, while their splice in flight is still on its way) and drop their connection (losing
/// what was in flight both ways; the snapshot of the new connection comes first). Then everything
/// is delivered and the replicas compared.
///
/// `Tests/js/splice-simulation.mjs` is the same simulation over `Public/js/splice-client.js`; for
/// one seed both make the same `Report`.
struct SpliceSimulation {
    /// What a run ended with, and how often each path was taken.
    struct Report: Codable, Equatable, Sendable {
        var text = ""
        var revision = 0
        var edits = 0
        var applied = 0
        var staleBase = 0
        var badSplice = 0
        var rateLimited = 0
        var rejected = 0
        var reconnects = 0
        var fellBehind = 0
        var snapshots = 0
        /// Snapshots that came while the splice in flight was unanswered, and were held.
        var held = 0
    }

    enum ToServer {
        case splice(seq: Int, OutgoingSplice)
        case resync
    }

    enum ToPage {
        case update(revision: Int, member: String, seq: Int, splices: [TextSplice])
        case ack(seq: Int, revision: Int)
        case error(seq: Int, code: String)
        /// The field's text at `revision`, the last seq the server handled for the page, and the
        /// last of the page's splices it applied to the field.
        case snapshot(String, revision: Int, handled: Int, spliced: Int)
    }

    struct Page {
        var client: SpliceClient
        var connected = true
        var seq = 0
        var inFlightSeq: Int?
        var retry = false
        var toServer: [ToServer] = []
        var toPage: [ToPage] = []
        var tags = 0
        /// The page's own tags in the order its text held them after its last edit.
        var ownOrder: [UInt32] = []
    }

    /// The seeds the tests run, each for `steps` steps.
    static let runs = 1_500
    static let steps = 160
    /// The runs of seeds `0..<runs`, made once and shared by the tests that check them.
    static let results: [(report: Report, failures: [String])] = (0..<UInt64(runs)).map { run(seed: $0, steps: steps) }

    static let members = ["m2", "m10", "m1"]
    static let initialText = "Hi👋"

    var random: RandomEdits
    var pages: [Page]
    var text = initialText
    var history: FieldHistory
    /// Per page: the last seq the server handled, and the last seq of a splice it applied.
    var handled = [0, 0, 0]
    var spliced = [0, 0, 0]
    var settling = false
    var report = Report()
    /// Every tag a page inserted, and those an edit or an applied operation deleted.
    var inserted: [UInt32] = []
    var deleted: Set<UInt32> = []
    /// What went wrong, in words; empty after a good run.
    var failures: [String] = []

    init(seed: UInt64) {
        random = RandomEdits(seed: seed)
        history = FieldHistory(since: 0, capacity: 1 + random.below(12))
        pages = Self.members.map { Page(client: SpliceClient(member: $0, text: Self.initialText, revision: 0)) }
    }

    /// Runs `steps` random steps, settles, and checks what every page and the server hold.
    static func run(seed: UInt64, steps: Int) -> (report: Report, failures: [String]) {
        var simulation = SpliceSimulation(seed: seed)
        for _ in 0..<steps { simulation.step() }
        simulation.settle()
        simulation.check()
        simulation.report.text = simulation.text
        simulation.report.revision = simulation.history.count > 0 ? simulation.history[simulation.history.count - 1].revision : 0
        return (simulation.report, simulation.failures)
    }

    mutating func step() {
        let page = random.below(3)
        switch random.below(100) {
        case 0..<30: edit(page)
        case 30..<58: deliverToServer(page)
        case 58..<92: deliverToPage(page)
        case 92..<94: if pages[page].connected { disconnect(page) }
        case 94..<96: if !pages[page].connected { reconnect(page) }
        case 96..<98: if pages[page].connected { fallBehind(page) }
        default: resend(page)
        }
    }

    // MARK: Pages

    /// The person at `page` types tags at the caret or somewhere else, deletes, replaces a
    /// selection or presses Backspace.
    mutating func edit(_ page: Int) {
        checkOwnOrder(page)
        let current = pages[page].client.text
        let scalars = current.unicodeScalars.map(\.value)
        let boundaries = RandomEdits.boundaries(of: current)
        var start = random.below(boundaries.count)
        if random.chance(60) {
            if let caret = boundaries.firstIndex(of: pages[page].client.selection.start) {
                start = caret
            } else {
                failures.append("page \(page)'s caret \(pages[page].client.selection) is not on a character boundary")
            }
        }
        var end = start
        var count = 0
        switch scalars.count > 40 ? 5 + random.below(5) : random.below(10) {
        case 0..<5: count = 1 + random.below(3)
        case 5, 6: end = min(scalars.count, start + 1 + random.below(4))
        case 7, 8:
            end = min(scalars.count, start + 1 + random.below(3))
            count = 1 + random.below(2)
        default: start = max(0, start - 1)
        }
        var insert = ""
        for _ in 0..<count {
            let tag = Self.tag(page: page, number: pages[page].tags)
            pages[page].tags += 1
            inserted.append(tag)
            insert.unicodeScalars.append(Unicode.Scalar(tag)!)
        }
        deleted.formUnion(scalars[start..<end].filter { Self.owner(of: $0) != nil })
        let splice = TextSplice(at: boundaries[start], delete: boundaries[end] - boundaries[start], insert: insert)
        send(page, pages[page].client.edit(splice))
        pages[page].ownOrder = ownTags(in: pages[page].client.text, page: page)
        report.edits += 1
    }

    mutating func deliverToPage(_ page: Int) {
        guard pages[page].connected, !pages[page].toPage.isEmpty else { return }
        switch pages[page].toPage.removeFirst() {
        case .update(let revision, let member, let seq, let splices):
            if member == pages[page].client.member {
                answered(page, seq: seq, revision: revision, applied: splices)
            } else {
                pages[page].client.receive(splices, revision: revision, member: member)
            }
        case .ack(let seq, let revision):
            answered(page, seq: seq, revision: revision, applied: [])
        case .error(let seq, let code):
            guard seq == pages[page].inFlightSeq else {
                failures.append("page \(page) got \(code) for seq \(seq), which is not in flight")
                return
            }
            switch code {
            case "rate_limited":
                pages[page].retry = true
            case "value_too_long":
                deleted.formUnion((pages[page].client.resendable?.splice.insert ?? "").unicodeScalars.map(\.value))
                pages[page].inFlightSeq = nil
                checkOwnOrder(page)
                send(page, pages[page].client.reject())
                pages[page].ownOrder = ownTags(in: pages[page].client.text, page: page)
            default:
                pages[page].inFlightSeq = nil
                send(page, pages[page].client.refuse())
                if pages[page].client.state == .awaitingText { pages[page].toServer.append(.resync) }
            }
        case .snapshot(let fresh, let revision, let handled, let spliced):
            snapshot(page, text: fresh, revision: revision, handled: handled, spliced: spliced, live: true)
        }
    }

    /// The page takes a snapshot: what became of its splice in flight is what the server's last
    /// handled seq and last applied splice say; on a new connection, one not handled is lost.
    mutating func snapshot(_ page: Int, text fresh: String, revision: Int, handled: Int, spliced: Int, live: Bool) {
        report.snapshots += 1
        var outcome = SpliceClient.InFlightOutcome.unanswered
        if let seq = pages[page].inFlightSeq {
            outcome = seq <= spliced ? .applied : seq <= handled || !live ? .refused : .unanswered
        }
        if outcome != .unanswered {
            pages[page].inFlightSeq = nil
            pages[page].retry = false
        } else if pages[page].inFlightSeq != nil {
            report.held += 1
        }
        send(page, pages[page].client.resync(text: fresh, revision: revision, inFlight: outcome))
    }

    /// The server applied the page's splice `seq` as `applied` (or found nothing to do for it).
    mutating func answered(_ page: Int, seq: Int, revision: Int, applied: [TextSplice]) {
        guard seq == pages[page].inFlightSeq else {
            failures.append("page \(page) got an answer to seq \(seq), which is not in flight")
            return
        }
        pages[page].inFlightSeq = nil
        send(page, pages[page].client.acknowledge(revision: revision, applied: applied))
    }

    /// Sends the splice the client asks to send; a page that is offline loses it, as a dropped
    /// socket does.
    mutating func send(_ page: Int, _ outgoing: OutgoingSplice?) {
        guard let outgoing else { return }
        pages[page].seq += 1
        pages[page].inFlightSeq = pages[page].seq
        if pages[page].connected { pages[page].toServer.append(.splice(seq: pages[page].seq, outgoing)) }
    }

    /// Sends again, unchanged and with a new seq, a splice the server refused as `rate_limited`.
    mutating func resend(_ page: Int) {
        guard pages[page].retry, pages[page].connected else { return }
        pages[page].retry = false
        send(page, pages[page].client.resendable)
    }

    mutating func disconnect(_ page: Int) {
        pages[page].connected = false
        pages[page].toServer = []
        pages[page].toPage = []
        pages[page].retry = false
    }

    /// The page connects again and gets a snapshot first. What it had in flight on the old
    /// connection was handled or is lost, so nothing is unanswered.
    mutating func reconnect(_ page: Int) {
        pages[page].connected = true
        report.reconnects += 1
        snapshot(page, text: text, revision: currentRevision, handled: handled[page], spliced: spliced[page], live: false)
    }

    /// The page's socket fell behind: its queued messages are dropped, and it gets one snapshot.
    /// What it sent is still on its way.
    mutating func fallBehind(_ page: Int) {
        report.fellBehind += 1
        pages[page].toPage = [.snapshot(text, revision: currentRevision, handled: handled[page], spliced: spliced[page])]
    }

    // MARK: Server

    var currentRevision: Int { history.count > 0 ? history[history.count - 1].revision : 0 }

    mutating func deliverToServer(_ page: Int) {
        guard pages[page].connected, !pages[page].toServer.isEmpty else { return }
        guard case .splice(let seq, let outgoing) = pages[page].toServer.removeFirst() else {
            pages[page].toPage.append(.snapshot(text, revision: currentRevision, handled: handled[page], spliced: spliced[page]))
            return
        }
        guard seq > handled[page] else {
            failures.append("page \(page) sent seq \(seq) again after the server handled it")
            return
        }
        handled[page] = seq
        let member = pages[page].client.member
        if !settling, random.chance(5) {
            report.rateLimited += 1
            pages[page].toPage.append(.error(seq: seq, code: "rate_limited"))
            return
        }
        if !settling, random.chance(2) {
            report.badSplice += 1
            pages[page].toPage.append(.error(seq: seq, code: "bad_splice"))
            return
        }
        if !settling, random.chance(1) {
            report.rejected += 1
            pages[page].toPage.append(.error(seq: seq, code: "value_too_long"))
            return
        }
        switch history.rebase(outgoing.splice, base: outgoing.base, member: member, current: currentRevision, text: text) {
        case .failure(let error):
            if error.isStaleBase {
                report.staleBase += 1
            } else {
                failures.append("page \(page) sent a bad splice: \(error)")
            }
            pages[page].toPage.append(.error(seq: seq, code: error.isStaleBase ? "stale_base" : "bad_splice"))
        case .success(let operation):
            spliced[page] = seq
            guard !operation.isNoop else {
                pages[page].toPage.append(.ack(seq: seq, revision: currentRevision))
                return
            }
            let before = Set(text.unicodeScalars.map(\.value))
            operation.apply(to: &text)
            deleted.formUnion(before.subtracting(text.unicodeScalars.map(\.value)).filter { Self.owner(of: $0) != nil })
            let revision = currentRevision + 1
            history.record(operation, revision: revision, member: member)
            report.applied += 1
            let splices = operation.splices
            for index in pages.indices where pages[index].connected {
                pages[index].toPage.append(.update(revision: revision, member: member, seq: seq, splices: splices))
            }
        }
    }

    // MARK: Settling and checks

    /// Stops refusing, brings every page back, and delivers until nothing is left to deliver.
    mutating func settle() {
        settling = true
        for page in pages.indices where !pages[page].connected { reconnect(page) }
        var rounds = 0
        while pages.contains(where: { !$0.toServer.isEmpty || !$0.toPage.isEmpty || $0.retry }) {
            rounds += 1
            guard rounds < 10_000 else {
                failures.append("the run did not settle")
                return
            }
            for page in pages.indices {
                resend(page)
                while !pages[page].toServer.isEmpty { deliverToServer(page) }
            }
            for page in pages.indices {
                while !pages[page].toPage.isEmpty { deliverToPage(page) }
            }
        }
    }

    mutating func check() {
        for (index, page) in pages.enumerated() {
            if page.client.text != text || page.client.serverText != text {
                failures.append("page \(index) holds \(page.client.text.debugDescription), the server \(text.debugDescription)")
            }
            if page.client.state != .synchronized || page.client.revision != currentRevision {
                failures.append(
                    "page \(index) is \(page.client.state) at revision \(page.client.revision), not synchronized at \(currentRevision)"
                )
            }
            checkOwnOrder(index)
        }
        let held = text.unicodeScalars.map(\.value).filter { Self.owner(of: $0) != nil }
        if Set(held).count != held.count { failures.append("a character appears twice in \(text.debugDescription)") }
        let missing = Set(inserted).subtracting(deleted).subtracting(held)
        if !missing.isEmpty { failures.append("\(missing.count) typed characters nobody deleted are missing") }
    }

    /// The page's own tags in its text now are in the order they were in after its last edit (or
    /// rejection, which can bring back characters the rejected splice had deleted).
    mutating func checkOwnOrder(_ page: Int) {
        let now = ownTags(in: pages[page].client.text, page: page)
        let present = Set(now)
        let known = Set(pages[page].ownOrder)
        if pages[page].ownOrder.filter(present.contains) != now.filter(known.contains) {
            failures.append("page \(page)'s own characters changed order")
        }
    }

    func ownTags(in text: String, page: Int) -> [UInt32] {
        text.unicodeScalars.map(\.value).filter { Self.owner(of: $0) == page }
    }

    /// The distinct character of `page`'s tag `number`: every third in the Basic Multilingual
    /// Plane's private use area (one UTF-16 unit), the others in plane 15's (two units).
    static func tag(page: Int, number: Int) -> UInt32 {
        number % 3 == 0 ? 0xE000 + UInt32(page * 0x800 + number / 3) : 0xF_0000 + UInt32(page * 0x4000 + number)
    }

    /// The page a tag belongs to; `nil` for characters no page typed.
    static func owner(of scalar: UInt32) -> Int? {
        switch scalar {
        case 0xE000..<0xF800: Int(scalar - 0xE000) / 0x800
        case 0xF_0000..<0xF_C000: Int(scalar - 0xF_0000) / 0x4000
        default: nil
        }
    }
}
