import Sessions

/// The host's side of the store: what it submits (a turn's writes commit in one group), which
/// sessions each ticket wrote, and what a failed commit leaves not durable.
extension SessionHost {
    /// Stores a snapshot of every session (at shutdown, so a restart replays nothing).
    func storeSnapshots() {
        let ids = Array(registry.ids)
        let writes = ids.compactMap { registry[$0].map { PersistenceWrite.snapshot($0.durableState()) } }
        store(writes, for: ids)
    }

    /// The store reported a commit through `ticket`: release what waited for it. A failure is
    /// logged and its sessions are marked not durable until a snapshot of them is stored.
    func committed(through ticket: UInt64, failure: String?) {
        let settled = ticketSessions.prefix { $0.ticket <= ticket }
        ticketSessions.removeFirst(settled.count)
        let sessions = Set(settled.flatMap(\.sessions))
        if let failure {
            logger.error(
                "storage failed; sessions are not durable until it recovers",
                ["error": failure, "sessions": String(sessions.count)])
            notDurable.formUnion(sessions.filter { registry[$0] != nil })
        }
        barrier.committed(through: ticket)
    }

    /// Tries again to store the sessions a failed commit left not durable. Service thread.
    func retryNotDurable() {
        let ids = notDurable.filter { registry[$0] != nil }
        notDurable.removeAll()
        let writes = ids.flatMap { id -> [PersistenceWrite] in
            guard let durable = registry[id]?.durableState() else { return [] }
            snapshotRevisions[id] = durable.revision
            return [.create(durable), .snapshot(durable)]
        }
        store(writes, for: Array(ids))
    }

    /// Submits `writes` of `sessions`: what clients see next waits for their commit (the
    /// ``CommitBarrier``), and the store starts on them once this turn's inputs are handled.
    func store(_ writes: [PersistenceWrite], for sessions: [SessionID]) {
        guard let persistence, !writes.isEmpty else { return }
        let ticket = persistence.submit(writes)
        ticketSessions.append((ticket, sessions))
        if persistence.deliveriesWaitForCommit {
            barrier.submitted(ticket)
        }
        if persistence.waitsToStartWriting, !writingRequested {
            // After the rest of this turn's inputs, so their writes commit in one group: a timer
            // due at once runs before the loop next waits, with no wake-up of the loop (which
            // queued work costs); before the loop runs there is only the queue.
            writingRequested = true
            let host = ServiceThreadBound(self)
            let startWriting = { @Sendable in
                host.value.writingRequested = false
                persistence.startWriting()
            }
            if serviceThread.isCurrent {
                serviceThread.schedule(after: .zero, startWriting)
            } else {
                serviceThread.execute(startWriting)
            }
        }
    }
}
