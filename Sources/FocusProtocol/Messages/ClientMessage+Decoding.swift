import FocusCore

extension ClientMessage {
    /// Reads one text frame. Every failure is a ``ProtocolError`` that names what is wrong:
    /// `bad_json` for text that is not JSON, `bad_message` for JSON of the wrong shape,
    /// `unknown_action`, and `unknown_key` for a name that cannot be a key.
    public static func decode(_ text: [UInt8]) throws(ProtocolError) -> ClientMessage {
        let json: JSONValue
        do {
            json = try JSONParser.parse(text)
        } catch {
            throw ProtocolError(.badJSON, "The message is not valid JSON: \(error).")
        }
        guard case .object(let object) = json else {
            throw ProtocolError(.badMessage, "A message is a JSON object with a 'type', like {\"type\":\"ping\"}.")
        }
        let fields = MessageFields(object, seq: nil)
        switch try fields.string("type") {
        case "hello":
            return .hello(clientId: try fields.string("clientId"), name: try fields.optionalString("name"))
        case "intent":
            return .intent(try IntentMessage(fields))
        case "rename":
            return .rename(name: try fields.string("name"))
        case "resync":
            return .resync
        case "history":
            return .history(revision: try fields.whole("revision", in: 0...IntentMessage.maximumSeq))
        case "ping":
            return .ping
        case "caret":
            return .caret(try CaretPlace(fields))
        case "view":
            return .view(top: try fields.whole("top", in: 1...1_000_000))
        case "step":
            return .step(on: try fields.bool("on"))
        case "stepForward":
            return .stepForward
        case "stepBack":
            return .stepBack
        case "stepFinish":
            return .stepFinish
        case "presentation":
            return .presentation(try PresentationRequest(fields))
        case "presenter":
            return .presenter(MemberID(rawValue: try fields.string("member")))
        case "ready":
            return .ready
        case "show":
            return .show(fork: try fields.optionalString("fork"))
        case let type:
            throw ProtocolError(
                .badMessage,
                "Unknown message type '\(type)'; expected hello, intent, rename, resync, history, caret, view, ping, step, stepForward, "
                    + "stepBack, stepFinish, presentation, presenter, ready or show.")
        }
    }

    /// The `seq` of an intent in `text`, when it has a valid one: a refusal made before the
    /// message is handled (rate limiting) still answers it.
    public static func seq(in text: [UInt8]) -> Int? {
        guard let json = try? JSONParser.parse(text), case .integer(let seq) = json["seq"],
            (1...Int64(IntentMessage.maximumSeq)).contains(seq)
        else { return nil }
        return Int(seq)
    }
}

extension IntentMessage {
    init(_ message: MessageFields) throws(ProtocolError) {
        var fields = message
        seq = try fields.whole("seq", in: 1...IntentMessage.maximumSeq)
        fields.seq = seq
        screen = ScreenID(rawValue: try fields.string("screen"))
        let name = try fields.string("action")
        switch name {
        case "focus":
            guard let key = fields.object["key"] else {
                throw fields.problem("A focus intent needs a 'key' (a key string, or null for no focus).")
            }
            action = .focus(key == .null ? nil : try fields.key("key"))
        case "edit":
            action = .edit(try fields.key("key"), try fields.string("value"))
        case "splice":
            action = .splice(
                try fields.key("key"), base: try fields.whole("base", in: 0...IntentMessage.maximumSeq),
                // Negative offsets are read, and refused by the splice rules with `bad_splice`
                // (docs/PROTOCOL.md, "Text edits"): an offset outside the text, as one past its end.
                at: try fields.whole("at", in: -IntentMessage.maximumSeq...IntentMessage.maximumSeq),
                delete: try fields.whole("delete", in: -IntentMessage.maximumSeq...IntentMessage.maximumSeq),
                insert: try fields.string("insert"))
        case "submit": action = .submit
        case "dismiss": action = .dismiss
        case "tap": action = .tap(try fields.key("key"))
        case "navigate": action = .navigate(ScreenID(rawValue: try fields.string("to")))
        case "lesson":
            guard let lesson = fields.object["lesson"] else {
                throw fields.problem(
                    "A lesson intent needs a 'lesson' (a lesson id, null to stop, or a lesson object to keep and start).")
            }
            if case .object = lesson {
                action = .writeLesson(try fields.lesson(lesson))
                break
            }
            action = .lesson(
                lesson == .null ? nil : LessonID(rawValue: try fields.string("lesson")),
                step: fields.object["step"] == nil ? 0 : try fields.whole("step", in: 0...1_000))
        case "restart": action = .restart
        default:
            throw ProtocolError(
                .unknownAction,
                "Unknown action '\(name)'; expected focus, edit, splice, submit, dismiss, tap, navigate, lesson or restart.",
                seq: seq)
        }
    }
}

extension PresentationRequest {
    /// A `presentation` message's fields; each is optional, `revision` may be null (Live).
    init(_ fields: MessageFields) throws(ProtocolError) {
        self.init()
        if fields.object["present"] != nil { present = try fields.bool("present") }
        if fields.object["followLock"] != nil { followLock = try fields.bool("followLock") }
        if fields.object["slowMotion"] != nil { slowMotion = try fields.bool("slowMotion") }
        if let value = fields.object["revision"] {
            revision = .some(value == .null ? nil : try fields.whole("revision", in: 0...IntentMessage.maximumSeq))
        }
    }
}

extension CaretPlace {
    /// A `caret` message's place, or `nil` for `"key":null` (in no text now).
    init?(_ fields: MessageFields) throws(ProtocolError) {
        guard let key = fields.object["key"] else {
            throw fields.problem("A caret message needs a 'key' (\"source\", or null when the caret is in no text).")
        }
        guard key != .null else { return nil }
        let largest = IntentMessage.maximumSeq
        self.init(
            key: try fields.key("key"), revision: try fields.whole("revision", in: 0...largest),
            // Negative offsets are read, and refused by the session with `bad_caret`, as a
            // splice's are with `bad_splice`.
            at: try fields.whole("at", in: -largest...largest), length: try fields.whole("length", in: -largest...largest))
    }
}

/// The members of a client message, read one by one with refusals that name the member.
struct MessageFields {
    let object: JSONObject
    /// The intent's `seq` once read, so later refusals answer it.
    var seq: Int?

    init(_ object: JSONObject, seq: Int?) {
        self.object = object
        self.seq = seq
    }

    func problem(_ sentence: String) -> ProtocolError {
        ProtocolError(.badMessage, sentence, seq: seq)
    }

    func string(_ name: String) throws(ProtocolError) -> String {
        guard let value = object[name] else { throw problem("The message needs a '\(name)' field.") }
        guard case .string(let text) = value else { throw problem("The field '\(name)' must be a string.") }
        return text
    }

    func optionalString(_ name: String) throws(ProtocolError) -> String? {
        guard let value = object[name], value != .null else { return nil }
        guard case .string(let text) = value else { throw problem("The field '\(name)' must be a string or null.") }
        return text
    }

    func bool(_ name: String) throws(ProtocolError) -> Bool {
        guard let value = object[name] else { throw problem("The message needs a '\(name)' field.") }
        guard case .bool(let flag) = value else { throw problem("The field '\(name)' must be true or false.") }
        return flag
    }

    /// A whole number in `range`, written as one (`1.5`, `1e3` and `2^63` are not).
    func whole(_ name: String, in range: ClosedRange<Int>) throws(ProtocolError) -> Int {
        guard let value = object[name] else { throw problem("The message needs a '\(name)' field.") }
        guard case .integer(let number) = value, range.contains(Int(clamping: number)), Int64(Int(clamping: number)) == number
        else {
            throw problem("The field '\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return Int(number)
    }

    /// A lesson written by a teacher, read for shape (the session checks it against its source).
    func lesson(_ value: JSONValue) throws(ProtocolError) -> Lesson {
        do {
            return try JSONValueDecoder().decode(Lesson.self, from: value)
        } catch let error as DecodingError {
            throw ProtocolError(.badLesson, "The lesson cannot be read: \(Self.describe(error))", seq: seq)
        } catch {
            throw ProtocolError(.badLesson, "The lesson cannot be read: \(error)", seq: seq)
        }
    }

    /// A decoding failure as a sentence that names where it is (`'steps.0.goal'`).
    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            guard !keys.isEmpty else { return "the lesson" }
            return "'" + keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") + "'"
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath)) needs '\(key.stringValue)'."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)) is not of the right kind (\(context.debugDescription))."
        case .dataCorrupted(let context): return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }

    func key(_ name: String) throws(ProtocolError) -> FocusKey {
        let text = try string(name)
        guard let key = FocusKey(name: text) else {
            throw ProtocolError(FocusError.unknownKey(text, screen: nil), seq: seq)
        }
        return key
    }
}
