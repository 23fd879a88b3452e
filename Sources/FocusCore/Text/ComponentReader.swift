/// Reads an operation's components one at a time, able to take part of one: what `compose` and
/// `transform` walk two operations with, side by side.
struct ComponentReader {
    private let components: [TextOperation.Component]
    private var index = 0
    /// The component being read, less what has been taken of it; `nil` past the end.
    private(set) var current: TextOperation.Component?

    init(_ operation: TextOperation) {
        components = operation.components
        current = components.first
    }

    /// Whether the current component is an insert.
    var isAtInsert: Bool {
        if case .insert? = current { true } else { false }
    }

    /// Moves on to the next component.
    mutating func advance() {
        index += 1
        current = index < components.count ? components[index] : nil
    }

    /// Takes `count` units of the current retain or delete, which holds at least that many.
    mutating func take(_ count: Int) {
        switch current {
        case .retain(let length)? where length > count: current = .retain(length - count)
        case .delete(let length)? where length > count: current = .delete(length - count)
        default: advance()
        }
    }

    /// Takes the first `count` code units of the current insert, which holds at least that many
    /// (and `count` must not split a surrogate pair), and returns them.
    mutating func takeInserted(_ count: Int) -> String {
        guard case .insert(let text)? = current else { preconditionFailure("The reader is not at an insert.") }
        guard count < text.utf16Length else {
            advance()
            return text
        }
        guard let bytes = text.utf8Offsets(ofUTF16: [count]) else {
            preconditionFailure("Taking \(count) code units of an insert would split a surrogate pair.")
        }
        let split = text.utf8Index(bytes[0])
        current = .insert(String(text[split...]))
        return String(text[..<split])
    }
}
