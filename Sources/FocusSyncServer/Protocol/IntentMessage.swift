/// An `intent` message: what a person did, on which screen, numbered by the sending client.
struct IntentMessage: Sendable, Equatable, Decodable {
    /// What was done, with the fields that action needs. Names are still wire strings.
    enum Action: Sendable, Equatable {
        case focus(key: String?)
        case edit(key: String, value: String)
        case submit, next, previous, validate
        case addRow(list: String)
        case removeRow(list: String, row: String)
        case navigate(to: String)
        case configure(settings: [String: Bool])
    }

    var seq: Int
    var screen: String
    var action: Action

    enum Keys: String, CodingKey { case seq, screen, action, key, value, list, row, to, settings }

    init(seq: Int, screen: String, action: Action) {
        self.seq = seq
        self.screen = screen
        self.action = action
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        seq = try container.decode(Int.self, forKey: .seq)
        guard seq >= 1 else {
            throw ProtocolError(.badMessage, "'seq' must be a whole number from 1 up.", seq: seq)
        }
        screen = try container.decode(String.self, forKey: .screen)
        let name = try container.decode(String.self, forKey: .action)
        switch name {
        case "focus":
            guard container.contains(.key) else {
                throw ProtocolError(.badMessage, "A focus intent needs a 'key' (a key string, or null for no focus).", seq: seq)
            }
            action = .focus(key: try container.decodeNil(forKey: .key) ? nil : container.decode(String.self, forKey: .key))
        case "edit":
            action = .edit(key: try container.decode(String.self, forKey: .key), value: try container.decode(String.self, forKey: .value))
        case "submit": action = .submit
        case "next": action = .next
        case "previous": action = .previous
        case "validate": action = .validate
        case "addRow": action = .addRow(list: try container.decode(String.self, forKey: .list))
        case "removeRow":
            action = .removeRow(list: try container.decode(String.self, forKey: .list), row: try container.decode(String.self, forKey: .row))
        case "navigate": action = .navigate(to: try container.decode(String.self, forKey: .to))
        case "configure": action = .configure(settings: try container.decode([String: Bool].self, forKey: .settings))
        default:
            throw ProtocolError(
                .unknownAction,
                "Unknown action '\(name)'; expected focus, edit, submit, next, previous, validate, addRow, removeRow, navigate or configure.",
                seq: seq)
        }
    }
}
