import FocusCore

extension IntentMessage {
    /// The intent as a client writes it (without `type`), for the durable log: reading it back
    /// with ``init(wire:)`` gives the same intent.
    public var wire: JSONObject {
        var object = JSONObject([("seq", .integer(Int64(seq))), ("screen", .string(screen.rawValue))])
        func key(_ key: FocusKey?) -> JSONValue { key.map { .string($0.name) } ?? .null }
        switch action {
        case .focus(let target):
            object["action"] = .string("focus")
            object["key"] = key(target)
        case .edit(let target, let text):
            object["action"] = .string("edit")
            object["key"] = key(target)
            object["value"] = .string(text)
        case .splice(let target, let base, let at, let delete, let insert):
            object["action"] = .string("splice")
            object["key"] = key(target)
            object["base"] = .integer(Int64(base))
            object["at"] = .integer(Int64(at))
            object["delete"] = .integer(Int64(delete))
            object["insert"] = .string(insert)
        case .submit: object["action"] = .string("submit")
        case .dismiss: object["action"] = .string("dismiss")
        case .tap(let target):
            object["action"] = .string("tap")
            object["key"] = key(target)
        case .navigate(let screen):
            object["action"] = .string("navigate")
            object["to"] = .string(screen.rawValue)
        case .lesson(let lesson, let step):
            object["action"] = .string("lesson")
            object["lesson"] = lesson.map { .string($0.rawValue) } ?? .null
            object["step"] = .integer(Int64(step))
        case .writeLesson(let lesson):
            object["action"] = .string("lesson")
            object["lesson"] = JSONValue(encoding: lesson)
        case .restart: object["action"] = .string("restart")
        }
        return object
    }

    /// Reads an intent written by ``wire`` (or sent by a client, less its `type`).
    public init(wire: JSONObject) throws(ProtocolError) {
        try self.init(MessageFields(wire, seq: nil))
    }
}
