/// Every screen of a session, in order; the first is where a session starts.
///
/// Encodes to the protocol's schema shape: an object keyed by screen id, each screen with
/// `title`, `fields` and `lists` (plus `order`, `appearFocus` and `validateButton`, which
/// clients that do not know them ignore, and which let the schema decode back unchanged).
public struct Schema: Equatable, Sendable {
    /// The screens in order.
    public var screens: [ScreenDeclaration]

    /// The module the screens' Swift code lives in, as `print` names it in a type path.
    public static let swiftModule = "FocusSync"

    public init(screens: [ScreenDeclaration]) {
        self.screens = screens
    }

    /// The screen with this name, if any.
    public func screen(_ id: ScreenID) -> ScreenDeclaration? {
        screens.first { $0.id == id }
    }
}

extension Schema: Codable {
    private struct Entry: Codable {
        var order: Int
        var screen: ScreenDeclaration

        init(order: Int, screen: ScreenDeclaration) {
            self.order = order
            self.screen = screen
        }

        init(from decoder: any Decoder) throws {
            order = try decoder.container(keyedBy: StringCodingKey.self).decode(Int.self, forKey: StringCodingKey("order"))
            screen = try ScreenDeclaration(from: decoder)
        }

        func encode(to encoder: any Encoder) throws {
            try screen.encode(to: encoder)
            var container = encoder.container(keyedBy: StringCodingKey.self)
            try container.encode(order, forKey: StringCodingKey("order"))
        }
    }

    public init(from decoder: any Decoder) throws {
        let entries = try [ScreenID: Entry](from: decoder)
        screens = entries.values.sorted { $0.order < $1.order }.map(\.screen)
    }

    public func encode(to encoder: any Encoder) throws {
        let entries = Dictionary(uniqueKeysWithValues: screens.enumerated().map { ($1.id, Entry(order: $0, screen: $1)) })
        try entries.encode(to: encoder)
    }
}
