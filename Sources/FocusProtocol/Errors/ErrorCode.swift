/// Every error code the server sends, over HTTP (`{"error":{"code":…}}`) and over WebSocket
/// (`{"type":"error","code":…}`): the one list docs/PROTOCOL.md documents.
public enum ErrorCode: String, Sendable, CaseIterable {
    // A client message that cannot be read.
    case badJSON = "bad_json"
    case badMessage = "bad_message"
    case unknownAction = "unknown_action"
    // An intent the session refuses (FocusCore's errors).
    case unknownScreen = "unknown_screen"
    case unknownKey = "unknown_key"
    case notCurrentScreen = "not_current_screen"
    case valueTooLong = "value_too_long"
    case badSplice = "bad_splice"
    case staleBase = "stale_base"
    /// A `caret` outside the source's text at its revision, or at a revision not reached.
    case badCaret = "bad_caret"
    case unknownLesson = "unknown_lesson"
    /// A lesson written for the session's own source that it cannot follow (no steps, too large,
    /// a goal that names nothing, a screen or line the source lacks); the message says what to fix.
    case badLesson = "bad_lesson"
    /// A SwiftUI source that cannot run (syntax errors, or past 64 KiB); its diagnostics say where.
    case badSource = "bad_source"
    /// The session's program stopped an action (a runaway loop, too deep a call, a statement that
    /// cannot run as written) and changed nothing.
    case actionFailed = "action_failed"
    /// The control is disabled (`.disabled(true)`), or cannot take that intent (a text edit of a
    /// button).
    case controlUnavailable = "control_unavailable"
    /// Someone is stepping through an action (Step): the session takes no other change until it
    /// finishes, and only the one stepping moves through it.
    case stepHeld = "step_held"
    /// A `presentation`, `presenter` or `ready` message from someone who does not present:
    /// one member presents at a time, until they hand the role on.
    case notPresenter = "not_presenter"
    /// A `presenter` message naming nobody the role can go to (an editor connected now).
    case unknownMember = "unknown_member"
    // Who may do what, and how often.
    case notHelloFirst = "not_hello_first"
    case readOnly = "read_only"
    case rateLimited = "rate_limited"
    case sessionFull = "session_full"
    case unknownSession = "unknown_session"
    /// The session exists but this server cannot take it now (another still holds it, or the
    /// store is unreachable); try again in a moment.
    case sessionUnavailable = "session_unavailable"
    // HTTP and the transport.
    case badPath = "bad_path"
    case badRequest = "bad_request"
    case notFound = "not_found"
    case methodNotAllowed = "method_not_allowed"
    case lengthRequired = "length_required"
    case bodyTooLarge = "body_too_large"
    case missingSubprotocol = "missing_subprotocol"
    case forbiddenOrigin = "forbidden_origin"
    /// The request's `Host` names this server by a name it does not answer to (DNS rebinding).
    case unknownHost = "unknown_host"
    case shuttingDown = "shutting_down"
    case internalError = "internal"

    /// The HTTP status that carries this error on an HTTP route.
    public var httpStatus: Int {
        switch self {
        case .badJSON, .badMessage, .unknownAction, .unknownScreen, .unknownKey,
            .notCurrentScreen, .valueTooLong, .badSplice, .staleBase, .badCaret, .unknownLesson, .badLesson, .notHelloFirst,
            .badPath,
            .badRequest, .missingSubprotocol, .actionFailed, .controlUnavailable, .unknownMember:
            400
        case .badSource: 422
        case .stepHeld: 409
        case .readOnly, .forbiddenOrigin, .notPresenter: 403
        case .unknownSession, .notFound: 404
        case .methodNotAllowed: 405
        case .lengthRequired: 411
        case .bodyTooLarge: 413
        case .unknownHost: 421
        case .rateLimited: 429
        case .internalError: 500
        case .sessionFull, .sessionUnavailable, .shuttingDown: 503
        }
    }

    /// The close code that follows this error on a WebSocket, for the few the connection cannot survive.
    public var closeCode: WireCloseCode? {
        switch self {
        case .unknownSession: .unknownSession
        case .sessionFull: .sessionFull
        case .sessionUnavailable: .reconnect
        case .badJSON, .badMessage, .unknownAction, .unknownScreen, .unknownKey,
            .notCurrentScreen, .valueTooLong, .badSplice, .staleBase, .badCaret, .unknownLesson, .badLesson, .notHelloFirst,
            .readOnly,
            .rateLimited, .badPath, .badRequest, .notFound, .methodNotAllowed, .lengthRequired, .bodyTooLarge,
            .missingSubprotocol, .forbiddenOrigin, .unknownHost, .shuttingDown, .internalError, .badSource, .actionFailed,
            .controlUnavailable, .stepHeld, .notPresenter, .unknownMember:
            nil
        }
    }
}
