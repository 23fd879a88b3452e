import FocusCore
import FocusProtocol
import TestSupport
import Testing

@Suite("One vocabulary of errors")
struct ErrorCodeTests {
    @Test(
        "Every FocusCore refusal maps to its wire code and keeps its sentence",
        arguments: [
            (FocusError.unknownScreen("settings"), ErrorCode.unknownScreen),
            (.unknownKey("addres", screen: ScreenID.checkout), .unknownKey),
            (.notCurrentScreen(.gift, current: .checkout), .notCurrentScreen),
            (.valueTooLong(key: .message, length: 10_001, limit: 10_000), .valueTooLong),
            (.sessionTextFull(limit: 20), .valueTooLong),
            (.stepping(by: "Ada", yours: false), .stepHeld),
            (.stepping(by: "Ada", yours: true), .stepHeld),
        ])
    func focusErrors(error: FocusError, code: ErrorCode) {
        let mapped = ProtocolError(error, seq: 3)
        #expect(mapped.code == code)
        #expect(mapped.message == error.message)
        #expect(mapped.seq == 3)
    }

    @Test("Only an unknown, full or unavailable session ends the connection, with the application's close codes")
    func closeCodes() {
        let closing = ErrorCode.allCases.filter { $0.closeCode != nil }
        #expect(closing == [.sessionFull, .unknownSession, .sessionUnavailable])
        #expect(ErrorCode.unknownSession.closeCode?.rawValue == 4404)
        #expect(ErrorCode.sessionFull.closeCode?.rawValue == 4409)
        #expect(ErrorCode.sessionUnavailable.closeCode?.rawValue == 4503)
        #expect(WireCloseCode.replaced.rawValue == 4001)
    }

    @Test("Every code has an HTTP status of its class")
    func httpStatuses() {
        #expect(ErrorCode.allCases.allSatisfy { (400...599).contains($0.httpStatus) })
        #expect(ErrorCode.unknownSession.httpStatus == 404)
        #expect(ErrorCode.rateLimited.httpStatus == 429)
        #expect(ErrorCode.sessionFull.httpStatus == 503)
        #expect(ErrorCode.internalError.httpStatus == 500)
    }

    @Test("A stepping message is a merge patch of the state, without a revision")
    func steppingEncoding() {
        let patch = JSONObject([("stepping", .object(JSONObject([("at", .integer(2))])))])
        #expect(
            String(decoding: ServerMessage.stepping(patch: patch).encoded(), as: UTF8.self)
                == #"{"type":"stepping","patch":{"stepping":{"at":2}}}"#)
        #expect(ErrorCode.stepHeld.httpStatus == 409 && ErrorCode.stepHeld.closeCode == nil)
    }

    @Test("Error messages encode as the WebSocket and HTTP shapes")
    func encodings() {
        let error = ProtocolError(.unknownKey, "No such key.", seq: 9)
        #expect(
            String(decoding: ServerMessage.error(error).encoded(), as: UTF8.self)
                == #"{"type":"error","code":"unknown_key","message":"No such key.","seq":9}"#)
        #expect(
            String(decoding: error.httpBody(), as: UTF8.self) == #"{"error":{"code":"unknown_key","message":"No such key."}}"#)
    }
}
