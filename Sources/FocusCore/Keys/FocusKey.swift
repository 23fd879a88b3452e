/// The value a `@FocusState` property holds: which field should have focus.
///
/// Simple cases name one field each; row cases carry the id of the list row whose field they
/// name, as the seeds' `row(id: UUID)` does. `Optional<FocusKey>.none` means "no focus".
public enum FocusKey: Hashable, Sendable {
    /// Profile: First Name.
    case firstName
    /// Profile: Last Name.
    case lastName
    /// Checkout: Name.
    case name
    /// Checkout: Address.
    case address
    /// Checkout: Phone.
    case phone
    /// Gift: the message editor.
    case message
    /// Gift: the email field of one recipient row.
    case row(id: RowID)
    /// Tasks: the title field of one task row.
    case title(id: RowID)
    /// Tasks: the notes field of one task row.
    case notes(id: RowID)

    /// Every case that carries no row id, in declaration order.
    public static let simpleKeys: [FocusKey] = [.firstName, .lastName, .name, .address, .phone, .message]

    /// The key of the `rowCase` field of the row `id`.
    public init(_ rowCase: RowCase, id: RowID) {
        switch rowCase {
        case .row: self = .row(id: id)
        case .title: self = .title(id: id)
        case .notes: self = .notes(id: id)
        }
    }

    /// The case name (`firstName`, `row`) and, for row cases, the row id.
    public var parts: (caseName: String, rowID: RowID?) {
        switch self {
        case .firstName: ("firstName", nil)
        case .lastName: ("lastName", nil)
        case .name: ("name", nil)
        case .address: ("address", nil)
        case .phone: ("phone", nil)
        case .message: ("message", nil)
        case .row(let id): (RowCase.row.rawValue, id)
        case .title(let id): (RowCase.title.rawValue, id)
        case .notes(let id): (RowCase.notes.rawValue, id)
        }
    }

    /// For a row case, which field of the row it names; `nil` for simple cases.
    public var rowCase: RowCase? {
        switch self {
        case .row: .row
        case .title: .title
        case .notes: .notes
        case .firstName, .lastName, .name, .address, .phone, .message: nil
        }
    }

    /// For a row case, the row it belongs to; `nil` for simple cases.
    public var rowID: RowID? { parts.rowID }
}

/// The cases of `FocusKey` that carry a row id, named as on the wire.
public enum RowCase: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable {
    /// A gift recipient's email.
    case row
    /// A task's title.
    case title
    /// A task's notes.
    case notes
}
