/// What one writeable callback does, in the order of priority: the close frame when its time
/// has come, then one owed PONG, then the keepalive PING, then queued frames, then the report
/// that the queue drained.
public enum WriteTurn: Equatable, Sendable {
    /// Nothing to write (the close handshake is under way, or the callback is a spare one).
    case nothing
    /// The connection failed: tell libwebsockets to drop it (return -1).
    case disconnect
    /// Drop the queue, write the close frame and wait a little for the peer's answer.
    case sendClose(code: UInt16, reason: String)
    /// Write this PONG payload, then ask for another writeable callback.
    case writePong([UInt8])
    /// Write the keepalive PING; ask for another writeable callback when `requestsWritable`
    /// (frames or a drain report wait behind it).
    case writePing(requestsWritable: Bool)
    /// Write queued frames, then report with ``ConnectionMachine/framesWritten(queueIsEmpty:)``.
    case writeFrames
    /// The queue drained after ``ConnectionMachine/discardBacklog()``: tell the application.
    case reportDrain
}
