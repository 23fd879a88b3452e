import FocusCore

extension LogEntry {
    /// Reads an entry as ``encode(to:)`` wrote it from the tree ``JSONValueDecoder`` walks, member
    /// by member, without a `Decoder` for each: every stored snapshot keeps its session's recent
    /// log, so a restore reads a few hundred thousand entries. It reads what the `Codable`
    /// conformance reads (the tests compare the two).
    init(_ tree: JSONValueDecoding) throws {
        let fields = try JSONValueFields(tree)
        self.init(
            revision: try fields.integer("revision"), at: try fields.integer("at"),
            by: try fields.optionalString("by").map(MemberID.init(rawValue:)), seq: try fields.optionalInteger("seq"),
            event: try FocusEvent(try fields.decoder("event")), line: try fields.optionalInteger("line"))
    }
}

extension FocusEvent {
    /// Reads an event as its `Codable` conformance writes it (see ``LogEntry/init(_:)``).
    init(_ tree: JSONValueDecoding) throws {
        let fields = try JSONValueFields(tree)
        func screen(_ key: String = "screen") throws -> ScreenID { ScreenID(rawValue: try fields.string(key)) }
        func key(_ name: String = "key") throws -> FocusKey { try fields.wire(name) }
        func optionalKey(_ name: String) throws -> FocusKey? {
            guard let value = try? fields.value(name), value != .null else { return nil }
            return try key(name)
        }
        let kind = try fields.string("kind")
        switch kind {
        case "focus":
            self = .focus(
                screen: try screen(), from: try optionalKey("from"), to: try optionalKey("to"),
                cause: try FocusCause(from: try fields.decoder("cause")))
        case "edit":
            let ops = try fields.decoder("ops")
            guard case .array(let elements) = ops.value else { throw ops.mismatch([TextSplice].self) }
            self = .edit(
                screen: try screen(), key: try key(),
                ops: try elements.enumerated().map { index, element in
                    let splice = try JSONValueFields(ops.child(element, key: ElementIndex(index)))
                    return TextSplice(
                        at: try splice.integer("at"), delete: try splice.integer("delete"), insert: try splice.string("insert"))
                })
        case "navigate":
            self = .navigate(from: try screen("from"), to: try screen("to"))
        default:
            // The rarer kinds: their conformance reads them, and refuses unknown kinds.
            self = try FocusEvent(from: tree)
        }
    }
}
