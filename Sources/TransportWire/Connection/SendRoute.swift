/// Where ``ConnectionMachine/send(queueIsEmpty:messageFitsOneFrame:kernelKeepsUp:queueHasRoom:)``
/// sends a message.
public enum SendRoute: Equatable, Sendable {
    /// The connection is closing: the message is dropped.
    case drop
    /// Straight to the socket, in one write: nothing is queued or owed before it.
    case writeAtOnce
    /// Into the outbound queue; ask for a writeable callback when `requestsWritable` (the queue
    /// was idle, so no callback is pending yet).
    case enqueue(requestsWritable: Bool)
    /// The queue is full: the message is not queued and the application decides what happens.
    case overflow
}
