/// One round trip: the renewals that are due and a prefix of the inbox, as steps that each
/// become one command, pipelined in this order.
///
/// Consecutive changes of one session under one lease become a single `append` call, as long
/// as no other request touching that session comes between them; requests on other sessions
/// may sit in between, since they touch other keys.
struct BatchPlan {
    enum Step {
        /// A `PING` to find out whether an idle connection still works.
        case probe
        case renewal(Lease)
        /// One write script call: several changes, or one write of another kind.
        case writes([SessionWrite])
        case request(CoordinatorRequest)
    }

    private(set) var steps: [Step] = []

    init(probe: Bool, renewals: [Lease], requests: [CoordinatorRequest]) {
        if probe {
            steps.append(.probe)
        }
        steps += renewals.map(Step.renewal)
        var openAppend: [String: Int] = [:]
        for request in requests {
            guard let write = request.write else {
                if let sessionID = request.sessionID {
                    openAppend[sessionID] = nil
                }
                steps.append(.request(request))
                continue
            }
            guard write.change != nil else {
                openAppend[write.sessionID] = nil
                steps.append(.writes([write]))
                continue
            }
            if let index = openAppend[write.sessionID], case .writes(var group) = steps[index], group[0].lease == write.lease {
                group.append(write)
                steps[index] = .writes(group)
            } else {
                openAppend[write.sessionID] = steps.count
                steps.append(.writes([write]))
            }
        }
    }

    /// The writes of the plan, in ticket order.
    var writes: [SessionWrite] {
        steps.flatMap { step -> [SessionWrite] in
            if case .writes(let writes) = step { writes } else { [] }
        }.sorted { $0.ticket < $1.ticket }
    }

    /// The requests of the plan that are not writes.
    var requests: [CoordinatorRequest] {
        steps.compactMap { step in
            if case .request(let request) = step { request } else { nil }
        }
    }
}
