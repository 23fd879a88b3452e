/// The escapes of a Swift string literal's text (`\n`, `\"`, `\u{1F600}`): the pieces between
/// the interpolations of `"Hi \(name)\n"` come from the parser as written.
enum StringEscapes {
    /// `text` with its escapes replaced by the characters they stand for.
    static func unescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "\\", let escaped = characters.next() else {
                result.append(character)
                continue
            }
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "u": result.append(unicode(&characters))
            default: result.append(escaped)
            }
        }
        return result
    }

    /// `{1F600}` after `\u`.
    private static func unicode(_ characters: inout String.Iterator) -> String {
        guard characters.next() == "{" else { return "" }
        var digits = ""
        while let digit = characters.next(), digit != "}" { digits.append(digit) }
        guard let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else { return "" }
        return String(Character(scalar))
    }
}
