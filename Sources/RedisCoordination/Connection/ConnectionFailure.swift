/// The connection to Redis broke or could not be made; the coordinator reconnects with backoff.
struct ConnectionFailure: Error, Sendable, Equatable {
    let reason: String
}
