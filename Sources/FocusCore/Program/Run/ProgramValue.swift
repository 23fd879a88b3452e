/// A value while a program runs.
public indirect enum ProgramValue: Hashable, Sendable, Codable {
    case string(String)
    case integer(Int)
    case double(Double)
    case boolean(Bool)
    /// `nil` of an optional.
    case none
    /// A case of one of the source's enums, with its associated values.
    case enumCase(type: String, name: String, payload: [ProgramValue])
    /// A `UUID` (drawn from the session's generator, so a replay draws the same).
    case uuid(RowID)
    case array([ProgramValue])
    /// A value of one of the source's structs: its type and its stored properties in order.
    case model(type: String, properties: [ModelProperty])
    /// A `Task { … }` kept to cancel later (`autoFocus = Task { … }`), by its number in the run.
    case task(UInt64)
}

/// One stored property of a model value.
public struct ModelProperty: Hashable, Sendable, Codable {
    public var name: String
    public var value: ProgramValue

    public init(name: String, value: ProgramValue) {
        self.name = name
        self.value = value
    }
}
