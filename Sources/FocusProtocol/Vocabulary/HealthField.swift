/// The fields of `GET /healthz`'s answer (docs/PROTOCOL.md), in the order it gives them.
public enum HealthField: String, CodingKey, CaseIterable, Sendable {
    case status, node, version, uptimeSeconds, connections, sessions
    /// With Redis: sessions another process holds whose copy this one keeps for its viewers.
    case relayCopies
    case largestQueueBytes, storage, notDurableSessions, outOfDescriptors
}
