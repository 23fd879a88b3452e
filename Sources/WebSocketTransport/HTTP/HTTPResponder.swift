/// Answers one HTTP request later, for a handler that cannot answer it at once (it waits for
/// another thread, such as a store loading what the request asks for).
///
/// Call ``respond(_:)`` once, on the service thread (inside a handler callback or work passed to
/// ``WebSocketServer/execute(_:)``). A response for a request whose connection has gone since,
/// or a second response, is dropped.
public final class HTTPResponder {
    private let deliver: (HTTPResponse) -> Void

    init(_ deliver: @escaping (HTTPResponse) -> Void) {
        self.deliver = deliver
    }

    /// Sends `response` as the answer to the request. Service thread.
    public func respond(_ response: HTTPResponse) {
        deliver(response)
    }
}
