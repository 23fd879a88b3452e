import FocusCore

extension FocusEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, screen, from, to, cause, key, ops, afterMilliseconds, name, value
    }

    public func encode(to encoder: any Encoder) throws {
        // Names and keys go in as the strings they encode to, so an encoder writes them without
        // a nested encoder per value (an update's events are encoded once per change).
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .focus(let screen, let from, let to, let cause):
            try container.encode(screen.rawValue, forKey: .screen)
            try container.encode(wire: from, forKey: .from)
            try container.encode(wire: to, forKey: .to)
            try container.encode(cause.rawValue, forKey: .cause)
        case .edit(let screen, let key, let ops):
            try container.encode(screen.rawValue, forKey: .screen)
            try container.encode(key.codedText, forKey: .key)
            try container.encode(ops, forKey: .ops)
        case .navigate(let from, let to):
            try container.encode(from.rawValue, forKey: .from)
            try container.encode(to.rawValue, forKey: .to)
        case .state(let screen, let name, let value):
            try container.encode(screen.rawValue, forKey: .screen)
            try container.encode(name, forKey: .name)
            try container.encode(value, forKey: .value)
        case .timerSet(let screen, let afterMilliseconds):
            try container.encode(screen.rawValue, forKey: .screen)
            try container.encode(afterMilliseconds, forKey: .afterMilliseconds)
        case .restart(let screen):
            try container.encode(screen.rawValue, forKey: .screen)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func screen() throws -> ScreenID { try container.decode(ScreenID.self, forKey: .screen) }
        func key(_ codingKey: CodingKeys) throws -> FocusKey? { try container.decodeIfPresent(FocusKey.self, forKey: codingKey) }
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "focus":
            self = .focus(
                screen: try screen(), from: try key(.from), to: try key(.to),
                cause: try container.decode(FocusCause.self, forKey: .cause)
            )
        case "edit":
            self = .edit(
                screen: try screen(), key: try container.decode(FocusKey.self, forKey: .key),
                ops: try container.decode([TextSplice].self, forKey: .ops))
        case "navigate":
            self = .navigate(
                from: try container.decode(ScreenID.self, forKey: .from),
                to: try container.decode(ScreenID.self, forKey: .to)
            )
        case "state":
            self = .state(
                screen: try screen(), name: try container.decode(String.self, forKey: .name),
                value: try container.decode(String.self, forKey: .value))
        case "timerSet":
            self = .timerSet(screen: try screen(), afterMilliseconds: try container.decode(Int.self, forKey: .afterMilliseconds))
        case "restart":
            self = .restart(screen: try screen())
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "'\(kind)' is not an event kind."
            )
        }
    }
}

extension KeyedEncodingContainer {
    /// Encodes an optional wire-text value as its string or `null`: the same JSON as encoding
    /// the optional itself, without a nested encoder.
    fileprivate mutating func encode(wire value: (some StringCodable)?, forKey key: Key) throws {
        if let value {
            try encode(value.codedText, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }
}

extension JSONOutput {
    /// Writes `event` where the next value goes, as its `encode(to:)` does, member by member
    /// without an encoder: an update's events are written once per change, and the generic
    /// path's containers were a tenth of an intent's cost. `UpdateEncodingTests` holds the two
    /// to the same bytes for every kind of event.
    func write(event: FocusEvent) throws {
        write(raw: #"{"kind":"#)
        write(event.kind)
        switch event {
        case .focus(let screen, let from, let to, let cause):
            member(#","screen":"#, screen.rawValue)
            write(raw: #","from":"#)
            if let from { write(from.codedText) } else { writeNull() }
            write(raw: #","to":"#)
            if let to { write(to.codedText) } else { writeNull() }
            member(#","cause":"#, cause.rawValue)
        case .edit(let screen, let key, let ops):
            member(#","screen":"#, screen.rawValue)
            member(#","key":"#, key.codedText)
            write(raw: #","ops":"#)
            try encode(ops)
        case .navigate(let from, let to):
            member(#","from":"#, from.rawValue)
            member(#","to":"#, to.rawValue)
        case .state(let screen, let name, let value):
            member(#","screen":"#, screen.rawValue)
            member(#","name":"#, name)
            member(#","value":"#, value)
        case .timerSet(let screen, let afterMilliseconds):
            member(#","screen":"#, screen.rawValue)
            write(raw: #","afterMilliseconds":"#)
            write(afterMilliseconds)
        case .restart(let screen):
            member(#","screen":"#, screen.rawValue)
        }
        write(raw: "}")
    }

    private func member(_ key: StaticString, _ text: String) {
        write(raw: key)
        write(text)
    }
}
