import WebSocketTransport

/// A message the server refuses, with the wire code, a sentence for the person at the other end,
/// the `seq` it answers (when known) and, for the few that end the connection, the close code.
struct ProtocolError: Error, Sendable, Equatable {
    enum Code: String, Sendable, CaseIterable {
        case badJSON = "bad_json"
        case badMessage = "bad_message"
        case unknownAction = "unknown_action"
        case unknownScreen = "unknown_screen"
        case unknownKey = "unknown_key"
        case unknownRow = "unknown_row"
        case unknownList = "unknown_list"
        case notCurrentScreen = "not_current_screen"
        case valueTooLong = "value_too_long"
        case tooManyRows = "too_many_rows"
        case notHelloFirst = "not_hello_first"
        case rateLimited = "rate_limited"
        case sessionFull = "session_full"
        case unknownSession = "unknown_session"
    }

    var code: Code
    var message: String
    var seq: Int?

    init(_ code: Code, _ message: String, seq: Int? = nil) {
        self.code = code
        self.message = message
        self.seq = seq
    }

    /// The close code that follows this error, if the connection cannot go on.
    var closeCode: CloseCode? {
        switch code {
        case .unknownSession: CloseCode(rawValue: 4404)
        case .sessionFull: CloseCode(rawValue: 4409)
        default: nil
        }
    }

    /// The HTTP status for the same failure on an API route.
    var httpStatus: Int {
        switch code {
        case .unknownSession: 404
        case .sessionFull: 503
        case .rateLimited: 429
        default: 400
        }
    }
}
