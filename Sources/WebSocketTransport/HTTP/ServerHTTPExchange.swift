/// One HTTP request/response on a connection: the body being read, then the response being written.
final class ServerHTTPExchange {
    var request: HTTPRequest
    /// The response body and how much of it is written; nil until the response has started.
    private(set) var responseBody: [UInt8]?
    private(set) var writtenBodyBytes = 0
    /// Close the connection after the response instead of waiting for another request.
    private(set) var closesConnection = false
    /// Whether the handler was asked for the response (it may give it later).
    var handlerAsked = false
    /// A response the handler gave later (``HTTPResponder``), waiting for a writeable callback.
    var deferredResponse: HTTPResponse?

    init(request: HTTPRequest) {
        self.request = request
    }

    var hasStartedResponse: Bool { responseBody != nil }

    func startResponse(body: [UInt8], closesConnection: Bool) {
        responseBody = body
        self.closesConnection = closesConnection
    }

    /// The next slice of the response body to write, at most `maxBytes`.
    func nextBodyChunk(maxBytes: Int) -> ArraySlice<UInt8>? {
        guard let responseBody, writtenBodyBytes < responseBody.count else { return nil }
        return responseBody[writtenBodyBytes..<min(responseBody.count, writtenBodyBytes + maxBytes)]
    }

    /// Records a written chunk; returns true when the body is complete.
    func didWrite(_ count: Int) -> Bool {
        writtenBodyBytes += count
        return writtenBodyBytes >= (responseBody?.count ?? 0)
    }
}
