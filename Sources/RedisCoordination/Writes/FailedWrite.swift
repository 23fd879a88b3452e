/// One write Redis did not store, named by its ticket and session.
public struct FailedWrite: Sendable, Equatable {
    public let ticket: WriteTicket
    public let sessionID: String
    public let failure: WriteFailure

    public init(ticket: WriteTicket, sessionID: String, failure: WriteFailure) {
        self.ticket = ticket
        self.sessionID = sessionID
        self.failure = failure
    }
}
