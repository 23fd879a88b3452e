import Testing

@testable import RedisCoordination

@Suite("Batch plan")
struct BatchPlanTests {
    let leaseA = Lease(sessionID: "A", claimant: "node1/i", epoch: 1, ttl: .seconds(9))
    let leaseB = Lease(sessionID: "B", claimant: "node1/i", epoch: 1, ttl: .seconds(9))

    private func change(_ lease: Lease, _ revision: Int64, ticket: UInt64) -> CoordinatorRequest {
        .write(
            SessionWrite(
                ticket: WriteTicket(rawValue: ticket), lease: lease,
                kind: .change(StreamedChange(sessionID: lease.sessionID, revision: revision, at: 0, payload: []))))
    }

    /// Each step as the tickets of its writes, or the session of its request.
    private func shape(_ plan: BatchPlan) -> [String] {
        plan.steps.map { step in
            switch step {
            case .probe: "probe"
            case .renewal(let lease): "renew \(lease.sessionID)"
            case .writes(let writes): writes.map { String($0.ticket.rawValue) }.joined(separator: ",")
            case .request(let request): "request \(request.sessionID ?? "-")"
            }
        }
    }

    @Test func interleavedChangesOfEachSessionBecomeOneCallPerSession() {
        let plan = BatchPlan(
            probe: false, renewals: [leaseB],
            requests: [
                change(leaseA, 1, ticket: 1), change(leaseB, 1, ticket: 2), change(leaseA, 2, ticket: 3),
                change(leaseB, 2, ticket: 4), change(leaseA, 3, ticket: 5),
            ])
        #expect(shape(plan) == ["renew B", "1,3,5", "2,4"])
        #expect(plan.writes.map(\.ticket.rawValue) == [1, 2, 3, 4, 5])
    }

    @Test func anotherRequestOnTheSessionKeepsItsPlace() {
        let snapshot = CoordinatorRequest.write(
            SessionWrite(
                ticket: WriteTicket(rawValue: 3), lease: leaseA,
                kind: .snapshot(SnapshotRecord(sessionID: "A", revision: 2, payload: []))))
        let load = CoordinatorRequest.load(sessionID: "A", reply: { _ in })
        let plan = BatchPlan(
            probe: true, renewals: [],
            requests: [
                change(leaseA, 1, ticket: 1), change(leaseA, 2, ticket: 2), snapshot, change(leaseA, 3, ticket: 4),
                load, change(leaseA, 4, ticket: 5), change(leaseB, 1, ticket: 6),
            ])
        #expect(shape(plan) == ["probe", "1,2", "3", "4", "request A", "5", "6"])
        #expect(plan.requests.count == 1)
    }

    @Test func changesUnderAnotherLeaseAreNotMerged() {
        let newer = Lease(sessionID: "A", claimant: "node1/i", epoch: 2, ttl: .seconds(9))
        let plan = BatchPlan(probe: false, renewals: [], requests: [change(leaseA, 1, ticket: 1), change(newer, 2, ticket: 2)])
        #expect(shape(plan) == ["1", "2"])
    }
}
