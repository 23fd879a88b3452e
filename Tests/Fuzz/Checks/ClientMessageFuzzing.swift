import FocusProtocol

extension FuzzTarget {
    /// The client-message decoder: any bytes are a message or a refusal. A refusal is a
    /// ``ProtocolError`` with a client-message code and a sentence, `bad_json` exactly when the
    /// bytes are not JSON; an intent reads back the same from its own wire form, and the `seq` a
    /// rate-limit refusal answers is the intent's.
    public static let clientMessage = FuzzTarget(name: "client-message") { input in
        let isJSON = (try? JSONParser.parse(input)) != nil
        let message: ClientMessage
        do throws(ProtocolError) {
            message = try ClientMessage.decode(input)
        } catch {
            precondition(clientMessageRefusals.contains(error.code), "refused with \(error.code), not a client-message code")
            precondition(isSentence(error.message), "'\(error.message)' is not a sentence")
            precondition((error.code == .badJSON) == !isJSON, "bad_json must mean exactly that the bytes are not JSON")
            return
        }
        precondition(isJSON, "a message was read from bytes that are not JSON")
        if case .intent(let intent) = message {
            precondition(ClientMessage.seq(in: input) == intent.seq, "the seq read for a refusal must be the intent's")
            precondition((try? IntentMessage(wire: intent.wire)) == intent, "an intent must read back from its wire form")
        }
    }

    /// Whether `text` reads as a sentence: it starts with a capital or a quoted name, and ends with a full stop.
    private static func isSentence(_ text: String) -> Bool {
        (text.first?.isUppercase == true || text.first == "'") && text.last == "."
    }

    /// The codes a client message can be refused with before any session sees it.
    private static let clientMessageRefusals: Set<ErrorCode> = [.badJSON, .badMessage, .unknownAction, .unknownKey]
}
