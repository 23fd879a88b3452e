import Testing

@testable import RedisCoordination

@Suite("Lease keeper")
struct LeaseKeeperTests {
    let start = ContinuousClock.now
    let lease = Lease(sessionID: "session1", claimant: "node1/abc", epoch: 4, ttl: .seconds(9))

    @Test func renewsAtAThirdOfTheTimeToLive() {
        var keeper = LeaseKeeper(safetyMargin: .seconds(1))
        keeper.keep(lease, confirmedAt: start)
        #expect(keeper.takeDueRenewals(at: start + .milliseconds(2999)).isEmpty)
        #expect(keeper.takeDueRenewals(at: start + .seconds(3)) == [lease])
        // Not confirmed: due again a tenth of the time-to-live later, not at once.
        #expect(keeper.takeDueRenewals(at: start + .seconds(3)).isEmpty)
        #expect(keeper.takeDueRenewals(at: start + .milliseconds(3900)) == [lease])
    }

    @Test func aConfirmedRenewalMovesTheDeadlineFromWhenItWasSent() {
        var keeper = LeaseKeeper(safetyMargin: .seconds(1))
        keeper.keep(lease, confirmedAt: start)
        keeper.renewed(lease, sentAt: start + .seconds(3))
        #expect(keeper.expire(at: start + .milliseconds(10_999)).isEmpty)
        #expect(keeper.expire(at: start + .seconds(11)) == [LostLease(lease: lease, reason: .unconfirmed)])
        #expect(keeper.leases.isEmpty)
    }

    @Test func theDeadlineComesASafetyMarginBeforeTheLeaseLapses() {
        var keeper = LeaseKeeper(safetyMargin: .seconds(1))
        keeper.keep(lease, confirmedAt: start)
        #expect(keeper.nextEvent(connected: false) == start + .seconds(8))
        #expect(keeper.nextEvent(connected: true) == start + .seconds(3))
        #expect(keeper.expire(at: start + .milliseconds(7999)).isEmpty)
        #expect(keeper.expire(at: start + .seconds(8)).map(\.reason) == [.unconfirmed])
        #expect(keeper.minimumTTL == .seconds(3))
    }

    @Test func aRefusedRenewalLosesTheLeaseToItsNewHolder() {
        var keeper = LeaseKeeper(safetyMargin: .seconds(1))
        keeper.keep(lease, confirmedAt: start)
        #expect(keeper.renewalRefused(lease, holder: "node2/xyz/5") == LostLease(lease: lease, reason: .takenOver(by: "node2")))
        #expect(keeper.renewalRefused(lease, holder: nil) == nil)
        #expect(keeper.leases.isEmpty)
    }

    @Test func aHandoffRequestIsReportedOncePerNodeAndLease() {
        var keeper = LeaseKeeper(safetyMargin: .seconds(1))
        keeper.keep(lease, confirmedAt: start)
        let first = keeper.handoffRequested(lease, by: "node2")
        keeper.renewed(lease, sentAt: start + .seconds(3))
        let again = keeper.handoffRequested(lease, by: "node2")
        let another = keeper.handoffRequested(lease, by: "node3")
        let other = Lease(sessionID: "session2", claimant: "node1/abc", epoch: 1, ttl: .seconds(9))
        let notHeld = keeper.handoffRequested(other, by: "node2")
        #expect([first, again, another, notHeld] == [true, false, true, false])
    }

    @Test func theAudienceElsewhereIsReportedWhenItChangesAndANewLeaseStartsAtNone() {
        var keeper = LeaseKeeper(safetyMargin: .seconds(1))
        keeper.keep(lease, confirmedAt: start)
        var reported: [Bool] = []
        for viewers in [0, 12, 12] {
            keeper.renewed(lease, sentAt: start + .seconds(3))
            reported.append(keeper.audience(of: lease, is: viewers))
        }
        reported.append(keeper.audience(of: lease, is: 0))
        #expect(reported == [false, true, false, true])
        _ = keeper.audience(of: lease, is: 7)
        let newer = Lease(sessionID: "session1", claimant: "node1/abc", epoch: 6, ttl: .seconds(9))
        let older = keeper.audience(of: newer, is: 7)
        #expect(!older, "not the lease kept")
        keeper.keep(newer, confirmedAt: start + .seconds(4))
        let fresh = keeper.audience(of: newer, is: 7)
        #expect(fresh, "the holder of a new lease starts from nobody elsewhere")
    }

    @Test func answersAboutAnOlderLeaseLeaveTheNewerOneAlone() {
        var keeper = LeaseKeeper(safetyMargin: .seconds(1))
        let newer = Lease(sessionID: "session1", claimant: "node1/abc", epoch: 6, ttl: .seconds(9))
        keeper.keep(lease, confirmedAt: start)
        keeper.keep(newer, confirmedAt: start + .seconds(1))
        keeper.renewed(lease, sentAt: start + .seconds(5))
        #expect(keeper.renewalRefused(lease, holder: "node2/xyz/5") == nil)
        keeper.forget(lease)
        #expect(keeper.leases == [newer])
        #expect(keeper.nextEvent(connected: true) == start + .seconds(4))
        keeper.forget(newer)
        #expect(keeper.leases.isEmpty)
        #expect(keeper.nextEvent(connected: true) == nil)
    }
}
