/// Which leases this node holds, when each needs renewing, and when each must be given up.
///
/// Pure bookkeeping on the coordinator's thread; the coordinator sends the renewals and feeds
/// the answers back. A lease is renewed a third of its time-to-live after the last confirmed
/// renewal. It counts as lost when no renewal is confirmed by its deadline: the time the last
/// confirmed renewal was *sent*, plus the time-to-live, minus a safety margin as long as the
/// coordinator's thread can be blocked in one connect and one command. Redis starts the
/// lease's time when it runs the command, which is after it was sent, so the deadline passes
/// before Redis lets the lease lapse and another node can take it.
struct LeaseKeeper {
    struct Kept: Equatable {
        var lease: Lease
        var renewalDue: ContinuousClock.Instant
        var deadline: ContinuousClock.Instant
        /// The node whose request for the session was reported already.
        var handoffReportedTo: String?
        /// The viewers other nodes serve, as last reported.
        var viewersElsewhere = 0
    }

    let safetyMargin: Duration
    private(set) var kept: [String: Kept] {
        didSet { soonestKnown = false }
    }
    /// The earliest renewal or deadline of all kept leases, so a busy coordinator's turn looks
    /// at every lease only when one of them may be due; recomputed after `kept` changes.
    private var soonest: ContinuousClock.Instant?
    private var soonestKnown = true

    init(safetyMargin: Duration) {
        self.safetyMargin = safetyMargin
        kept = [:]
    }

    /// The shortest lease that leaves room to retry a renewal before its deadline.
    var minimumTTL: Duration { safetyMargin * 3 }

    /// Starts (or goes on) keeping `lease`, confirmed by a command sent at `sentAt`.
    mutating func keep(_ lease: Lease, confirmedAt sentAt: ContinuousClock.Instant) {
        let same = kept[lease.sessionID].flatMap { $0.lease == lease ? $0 : nil }
        kept[lease.sessionID] = Kept(
            lease: lease, renewalDue: sentAt + lease.ttl / 3, deadline: sentAt + lease.ttl - safetyMargin,
            handoffReportedTo: same?.handoffReportedTo, viewersElsewhere: same?.viewersElsewhere ?? 0)
    }

    /// Records a confirmed renewal of `lease`, if it is still the one kept for its session.
    mutating func renewed(_ lease: Lease, sentAt: ContinuousClock.Instant) {
        guard kept[lease.sessionID]?.lease == lease else { return }
        keep(lease, confirmedAt: sentAt)
    }

    /// `node` asked for the session of `lease`: true the first time, when it is to be reported.
    mutating func handoffRequested(_ lease: Lease, by node: String) -> Bool {
        guard kept[lease.sessionID]?.lease == lease, kept[lease.sessionID]?.handoffReportedTo != node else { return false }
        kept[lease.sessionID]?.handoffReportedTo = node
        return true
    }

    /// A renewal of `lease` read `viewers` served elsewhere: true when that is news to report (a
    /// lease starts at 0).
    mutating func audience(of lease: Lease, is viewers: Int) -> Bool {
        guard kept[lease.sessionID]?.lease == lease, kept[lease.sessionID]?.viewersElsewhere != viewers else { return false }
        kept[lease.sessionID]?.viewersElsewhere = viewers
        return true
    }

    /// Redis refused to renew `lease`: it is lost, if it was still kept.
    mutating func renewalRefused(_ lease: Lease, holder: String?) -> LostLease? {
        guard kept[lease.sessionID]?.lease == lease else { return nil }
        kept[lease.sessionID] = nil
        return LostLease(lease: lease, reason: .takenOver(by: holder.flatMap(Lease.node(ofHolder:))))
    }

    /// Stops keeping the lease of `sessionID` (it was released).
    mutating func forget(_ lease: Lease) {
        if kept[lease.sessionID]?.lease == lease {
            kept[lease.sessionID] = nil
        }
    }

    /// The leases whose renewal is due at `now`. Each is due again a tenth of its
    /// time-to-live later unless a renewal is confirmed meanwhile, so a renewal Redis answers
    /// oddly is retried without flooding it.
    mutating func takeDueRenewals(at now: ContinuousClock.Instant) -> [Lease] {
        guard mayBeDue(at: now) else { return [] }
        var due: [Lease] = []
        for (sessionID, entry) in kept where entry.renewalDue <= now {
            kept[sessionID]?.renewalDue = now + entry.lease.ttl / 10
            due.append(entry.lease)
        }
        return due
    }

    /// Drops and returns the leases whose deadline has passed at `now`.
    mutating func expire(at now: ContinuousClock.Instant) -> [LostLease] {
        guard mayBeDue(at: now) else { return [] }
        let lapsed = kept.values.filter { $0.deadline <= now }
        for entry in lapsed {
            kept[entry.lease.sessionID] = nil
        }
        return lapsed.map { LostLease(lease: $0.lease, reason: .unconfirmed) }
    }

    /// The next moment something is due: a renewal, or a deadline when `connected` is false
    /// (renewals cannot be sent then).
    mutating func nextEvent(connected: Bool) -> ContinuousClock.Instant? {
        guard connected else { return kept.values.map(\.deadline).min() }
        if !soonestKnown {
            soonest = kept.values.map { min($0.renewalDue, $0.deadline) }.min()
            soonestKnown = true
        }
        return soonest
    }

    /// Whether a renewal or a deadline may have come at `now`.
    private mutating func mayBeDue(at now: ContinuousClock.Instant) -> Bool {
        nextEvent(connected: true).map { $0 <= now } ?? false
    }

    var leases: [Lease] { kept.values.map(\.lease) }
}
