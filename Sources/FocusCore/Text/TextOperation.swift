/// A change to a whole text, as ot.js models it: components that walk the text from start to end,
/// each keeping (`retain`), inserting or deleting UTF-16 code units, covering every unit of the text
/// it applies to (`baseLength`) and making a text of `targetLength` units.
///
/// Components are kept in one canonical form, so equal changes compare equal: no empty
/// components, no two of a kind in a row, and an insert before a delete where both touch one
/// offset. A trailing retain is kept (the operation covers the whole text).
public struct TextOperation: Equatable, Sendable, CustomStringConvertible {
    /// One step of the walk over the text.
    public enum Component: Equatable, Sendable {
        /// Keep this many code units.
        case retain(Int)
        /// Insert this text.
        case insert(String)
        /// Remove this many code units.
        case delete(Int)
    }

    /// The steps, in canonical form.
    public private(set) var components: [Component] = []
    /// The length of the text the operation applies to, in UTF-16 code units.
    public private(set) var baseLength = 0
    /// The length of the text it makes.
    public private(set) var targetLength = 0

    /// The empty operation, which applies to the empty text; add components with `retain`,
    /// `insert` and `delete`.
    public init() {}

    /// The operation that keeps a text of `length` code units as it is.
    public init(identityOf length: Int) {
        retain(length)
    }

    /// Appends a retain, merged into a retain before it.
    public mutating func retain(_ count: Int) {
        precondition(count >= 0, "A retain needs a count of 0 or more.")
        guard count > 0 else { return }
        baseLength += count
        targetLength += count
        if case .retain(let last)? = components.last {
            components[components.count - 1] = .retain(last + count)
        } else {
            components.append(.retain(count))
        }
    }

    /// Appends an insert, merged into an insert before it, and placed before a delete that ends
    /// the operation.
    public mutating func insert(_ text: String) {
        guard !text.isEmpty else { return }
        targetLength += text.utf16Length
        let last = components.count - 1
        switch (components.last, last > 0 ? components[last - 1] : nil) {
        case (.insert(let previous)?, _):
            components[last] = .insert(previous + text)
        case (.delete?, .insert(let previous)?):
            components[last - 1] = .insert(previous + text)
        case (.delete(let count)?, _):
            components[last] = .insert(text)
            components.append(.delete(count))
        default:
            components.append(.insert(text))
        }
    }

    /// Appends a delete, merged into a delete before it.
    public mutating func delete(_ count: Int) {
        precondition(count >= 0, "A delete needs a count of 0 or more.")
        guard count > 0 else { return }
        baseLength += count
        if case .delete(let last)? = components.last {
            components[components.count - 1] = .delete(last + count)
        } else {
            components.append(.delete(count))
        }
    }

    /// Whether the operation keeps the text as it is.
    public var isNoop: Bool {
        components.allSatisfy { if case .retain = $0 { true } else { false } }
    }

    /// Applies the operation to `text` in place; `text` must be `baseLength` code units long and
    /// the operation's edges must not split a surrogate pair (`fits(_:)`).
    ///
    /// One splice is made in place, moving only the text after it; more splices build the result
    /// in one pass. Either way the text's UTF-16 offsets are found in one pass over its bytes, up to
    /// the end of the last splice (so the length is checked in debug builds only: `fits` checks it).
    public func apply(to text: inout String) {
        assert(text.utf16Length == baseLength, "The operation applies to \(baseLength) code units, not \(text.utf16Length).")
        let splices = self.splices
        if splices.count == 1 {
            text.replaceUTF16(at: splices[0].at, deleting: splices[0].delete, with: splices[0].insert)
            return
        }
        guard !splices.isEmpty else { return }
        var edges: [Int] = []
        var offset = 0
        for component in components {
            switch component {
            case .retain(let count), .delete(let count):
                offset += count
                edges.append(offset)
            case .insert:
                break
            }
        }
        guard let bytes = text.utf8Offsets(ofUTF16: edges) else {
            preconditionFailure("The operation \(self) splits a surrogate pair of the text.")
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + targetLength - baseLength)
        var edge = 0
        var start = 0
        for component in components {
            switch component {
            case .retain:
                result += text[text.utf8Index(start)..<text.utf8Index(bytes[edge])]
                start = bytes[edge]
                edge += 1
            case .delete:
                start = bytes[edge]
                edge += 1
            case .insert(let inserted):
                result += inserted
            }
        }
        text = result
    }

    /// The text after the operation (see `apply(to:)`).
    public func applied(to text: String) -> String {
        var result = text
        apply(to: &result)
        return result
    }

    /// Whether the operation applies to `text`: the lengths agree, and no insert or delete starts or
    /// ends between the two halves of a surrogate pair.
    public func fits(_ text: String) -> Bool {
        var edges: [Int] = []
        var offset = 0
        for component in components {
            switch component {
            case .retain(let count):
                offset += count
            case .insert:
                edges.append(offset)
            case .delete(let count):
                edges.append(offset)
                offset += count
                edges.append(offset)
            }
        }
        // The base length as the last edge checks the length in the same pass.
        edges.append(baseLength)
        return text.utf8Offsets(ofUTF16: edges)?.last == text.utf8.count
    }

    /// `[retain 3, insert "X", delete 1, retain 2]`, for test failures and logs.
    public var description: String {
        "["
            + components.map { component in
                switch component {
                case .retain(let count): "retain \(count)"
                case .insert(let text): "insert \"\(text)\""
                case .delete(let count): "delete \(count)"
                }
            }.joined(separator: ", ") + "]"
    }
}
