import FocusCore
import FocusProtocol

/// One applied change as the durable log keeps it: what caused it and the random numbers it
/// drew, which is enough to apply it again and reach the same state.
public struct ChangeRecord: Equatable, Sendable {
    public enum Cause: Equatable, Sendable {
        /// A member's intent, with the tab's secret client id (to restore its last `seq`), and,
        /// for a splice, the splices it became once transformed to the field's text then (replay
        /// applies those: the field histories it was transformed against are not stored).
        case intent(IntentMessage, clientId: String, member: MemberID, applied: [TextSplice]?)
        /// A timer the session's own program set.
        case programTimer(TimerToken)
        /// The session's source replaced by this text, which compiles (`PUT …/source`).
        case source(String)
    }

    public var revision: Int
    /// Milliseconds since 1970.
    public var at: Int64
    public var cause: Cause
    /// The random numbers the change drew (fresh row ids), in order.
    public var draws: [UInt64]

    public init(revision: Int, at: Int64, cause: Cause, draws: [UInt64]) {
        self.revision = revision
        self.at = at
        self.cause = cause
        self.draws = draws
    }

    /// The record's body as JSON; revision and time are stored beside it.
    public func encodedBody() -> [UInt8] {
        var body = JSONObject()
        switch cause {
        case .intent(let intent, let clientId, let member, let applied):
            body["client"] = .string(clientId)
            body["member"] = .string(member.rawValue)
            body["intent"] = .object(intent.wire)
            if let applied { body["applied"] = JSONValue(encoding: applied) }
        case .programTimer(let token):
            body["programTimer"] = .integer(Int64(bitPattern: token.rawValue))
        case .source(let source):
            body["source"] = .string(source)
        }
        // As signed 64-bit numbers: JSON readers keep those exact.
        body["draws"] = .array(draws.map { .integer(Int64(bitPattern: $0)) })
        return (try? StreamingJSONEncoder().encode(JSONValue.object(body))) ?? []
    }

    /// Reads a body written by ``encodedBody()``.
    public init(revision: Int, at: Int64, body: [UInt8]) throws(ReplayError) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(body)
        } catch {
            throw .unreadable(revision: revision, reason: "\(error)")
        }
        var draws: [UInt64] = []
        for draw in json["draws"].arrayValue {
            guard case .integer(let value) = draw else {
                throw .unreadable(revision: revision, reason: "a draw that is not a whole number")
            }
            draws.append(UInt64(bitPattern: value))
        }
        let cause: Cause
        if case .integer(let token) = json["programTimer"] {
            cause = .programTimer(TimerToken(rawValue: UInt64(bitPattern: token)))
        } else if let source = json["source"].string {
            cause = .source(source)
        } else if case .object(let wire) = json["intent"], let client = json["client"].string, let member = json["member"].string
        {
            let intent: IntentMessage
            do {
                intent = try IntentMessage(wire: wire)
            } catch {
                throw .unreadable(revision: revision, reason: error.message)
            }
            cause = .intent(
                intent, clientId: client, member: MemberID(rawValue: member),
                applied: try Self.splices(json["applied"], revision: revision))
        } else {
            throw .unreadable(revision: revision, reason: "neither an intent nor a timer")
        }
        self.init(revision: revision, at: at, cause: cause, draws: draws)
    }
}

extension ChangeRecord {
    /// The `applied` splices of a record, if it has them.
    private static func splices(_ json: JSONValue, revision: Int) throws(ReplayError) -> [TextSplice]? {
        guard case .array(let values) = json else { return nil }
        var splices: [TextSplice] = []
        for value in values {
            guard case .integer(let at) = value["at"], case .integer(let delete) = value["delete"],
                let insert = value["insert"].string
            else { throw .unreadable(revision: revision, reason: "an applied splice without at, delete and insert") }
            splices.append(TextSplice(at: Int(at), delete: Int(delete), insert: insert))
        }
        return splices
    }
}

extension JSONValue {
    /// The elements of an array (empty for anything else).
    var arrayValue: [JSONValue] {
        if case .array(let values) = self { return values }
        return []
    }
}
