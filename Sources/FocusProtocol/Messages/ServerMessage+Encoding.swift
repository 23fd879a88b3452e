import FocusCore

extension ServerMessage {
    /// The message as UTF-8 JSON text.
    public func encoded() -> [UInt8] {
        do {
            switch self {
            case .snapshot(let snapshot): return try StreamingJSONEncoder().encode(snapshot)
            case .update(let update): return try update.encoded()
            case .ack(let seq, let reason): return try StreamingJSONEncoder().encode(AckBody(seq: seq, reason: reason))
            case .presence(let presence): return try StreamingJSONEncoder().encode(presence)
            case .carets(let carets): return try StreamingJSONEncoder().encode(carets)
            case .error(let error): return try StreamingJSONEncoder().encode(ErrorBody(error))
            case .past(let past): return try StreamingJSONEncoder().encode(past)
            case .pong: return Array(#"{"type":"pong"}"#.utf8)
            case .stepping(let patch):
                return try StreamingJSONEncoder().encode(
                    JSONValue.object(JSONObject([("type", .string("stepping")), ("patch", .object(patch))])))
            case .presentation(let presentation):
                return try StreamingJSONEncoder().encode(PresentationBody(presentation: presentation))
            case .forks(let forks): return try StreamingJSONEncoder().encode(forks)
            case .shown(let fork):
                return try StreamingJSONEncoder().encode(
                    JSONValue.object(JSONObject([("type", .string("shown")), ("fork", fork.map(JSONValue.string) ?? .null)])))
            }
        } catch {
            // Our types hold no non-finite numbers, the one thing the encoder refuses.
            return Array(#"{"type":"error","code":"internal","message":"The server could not encode its answer."}"#.utf8)
        }
    }
}

private enum MessageKeys: String, CodingKey {
    case type, revision, you, role, viewer, state, members, present, count, log, earliest, latest, seq, carets
    case reason, joined, left, renamed, code, message, presentation, shown
}

extension SnapshotMessage: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MessageKeys.self)
        try container.encode("snapshot", forKey: .type)
        try container.encode(revision, forKey: .revision)
        try container.encode(Receiver(member: you, seq: lastSeq, splices: lastSplices), forKey: .you)
        try container.encode(role, forKey: .role)
        try container.encodeIfPresent(viewer, forKey: .viewer)
        try container.encode(state, forKey: .state)
        try container.encode(members, forKey: .members)
        try container.encode(present, forKey: .present)
        try container.encode(count, forKey: .count)
        try container.encode(log, forKey: .log)
        try container.encode(earliest, forKey: .earliest)
        try container.encode(carets, forKey: .carets)
        try container.encode(presentation, forKey: .presentation)
        try container.encodeIfPresent(shown, forKey: .shown)
    }
}

/// `{"type":"presentation","presentation":{…}}`.
private struct PresentationBody: Encodable {
    var presentation: PresentationState

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MessageKeys.self)
        try container.encode("presentation", forKey: .type)
        try container.encode(presentation, forKey: .presentation)
    }
}

extension PastMessage: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MessageKeys.self)
        try container.encode("past", forKey: .type)
        try container.encode(revision, forKey: .revision)
        try container.encode(earliest, forKey: .earliest)
        try container.encode(latest, forKey: .latest)
        try container.encode(state, forKey: .state)
        try container.encode(members, forKey: .members)
        try container.encode(log, forKey: .log)
    }
}

extension UpdateMessage {
    /// Written member by member rather than through `Encodable`: an update goes out with every
    /// change, so its envelope, events and lines are written directly (only an edit's splices
    /// and the keyboard dips take the generic path).
    func encoded() throws -> [UInt8] {
        let output = JSONOutput()
        output.write(raw: #"{"type":"update","revision":"#)
        output.write(revision)
        output.write(raw: #","by":"#)
        if let by { output.write(by.rawValue) } else { output.writeNull() }
        if let seq {
            output.write(raw: #","seq":"#)
            output.write(seq)
        }
        output.write(raw: #","at":"#)
        output.write(at)
        output.write(raw: #","events":["#)
        for (index, event) in events.enumerated() {
            if index > 0 { output.write(raw: ",") }
            try output.write(event: event)
        }
        output.write(raw: "]")
        if lines.contains(where: { $0 != nil }) {
            output.write(raw: #","lines":["#)
            for (index, line) in lines.enumerated() {
                if index > 0 { output.write(raw: ",") }
                if let line { output.write(line) } else { output.writeNull() }
            }
            output.write(raw: "]")
        }
        let dips = FocusEvent.keyboardDips(in: events)
        if !dips.isEmpty {
            output.write(raw: #","keyboardDips":"#)
            try output.encode(dips)
        }
        output.write(raw: #","patch":"#)
        try output.write(json: .object(patch))
        output.write(raw: "}")
        return output.bytes
    }
}

extension PresenceMessage: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MessageKeys.self)
        try container.encode("presence", forKey: .type)
        try container.encode(joined, forKey: .joined)
        try container.encode(left, forKey: .left)
        try container.encode(renamed, forKey: .renamed)
        try container.encode(count, forKey: .count)
    }
}

/// A snapshot's `you`: the member, and what the session handled of its intents.
private struct Receiver: Encodable {
    var member: Member
    var seq: Int
    var splices: [String: Int]

    private enum Keys: String, CodingKey { case member, name, color, seq, splices }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(member.member, forKey: .member)
        try container.encode(member.name, forKey: .name)
        try container.encode(member.color, forKey: .color)
        try container.encode(seq, forKey: .seq)
        try container.encode(splices, forKey: .splices)
    }
}

private struct AckBody: Encodable {
    var seq: Int
    var reason: AckReason

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MessageKeys.self)
        try container.encode("ack", forKey: .type)
        try container.encode(seq, forKey: .seq)
        try container.encode(reason.wireName, forKey: .reason)
    }
}

/// `{"type":"error",…}` on a WebSocket.
private struct ErrorBody: Encodable {
    var error: ProtocolError

    init(_ error: ProtocolError) { self.error = error }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MessageKeys.self)
        try container.encode("error", forKey: .type)
        try container.encode(error.code.rawValue, forKey: .code)
        try container.encode(error.message, forKey: .message)
        try container.encodeIfPresent(error.seq, forKey: .seq)
    }
}

extension ProtocolError {
    /// `{"error":{"code":…,"message":…}}`, the body every HTTP error shares.
    public func httpBody() -> [UInt8] {
        let body = JSONValue.object(
            JSONObject([
                ("error", .object(JSONObject([("code", .string(code.rawValue)), ("message", .string(message))])))
            ]))
        return (try? StreamingJSONEncoder().encode(body))
            ?? Array(#"{"error":{"code":"internal","message":"The server could not encode its answer."}}"#.utf8)
    }
}
