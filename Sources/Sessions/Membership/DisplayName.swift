/// A name a person asked to be shown by, made safe to show to everyone: surrounding white space
/// and control characters removed, and cut to at most ``maximumCharacters`` characters and
/// ``maximumBytes`` bytes of UTF-8: the name ends before the first character that would pass
/// either bound. One letter with thousands of combining marks is one character but far more
/// than the byte bound, so it ends the name there: a name never costs more than the bound in a
/// snapshot or a presence message.
public enum DisplayName {
    public static let maximumCharacters = 40
    public static let maximumBytes = 120

    /// The name to show, or nil when nothing showable is left.
    public static func bounded(_ requested: String?) -> String? {
        guard let requested else { return nil }
        var name = ""
        var bytes = 0
        var characters = 0
        var pendingSpace = false
        for character in requested {
            if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                pendingSpace = !name.isEmpty
                continue
            }
            if character.isWhitespace {
                pendingSpace = !name.isEmpty
                continue
            }
            let size = character.utf8.count + (pendingSpace ? 1 : 0)
            guard characters + (pendingSpace ? 2 : 1) <= maximumCharacters, bytes + size <= maximumBytes else { break }
            if pendingSpace {
                name.append(" ")
                characters += 1
            }
            name.append(character)
            characters += 1
            bytes += size
            pendingSpace = false
        }
        return name.isEmpty ? nil : name
    }
}
