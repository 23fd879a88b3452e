/// The name of one case of a screen's focus enum (`firstName`, `row`, `title`): what
/// `.focused($focus, equals: .firstName)` names. A program declares its cases; FocusCore knows
/// none of them by name.
public struct FocusCase: StringIdentifier {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Whether `text` can be a case name: a Swift identifier of ASCII letters, digits and `_`,
    /// not starting with a digit, at most 64 bytes, and not `nil` (which stands for no focus in a
    /// screen's `byFocus` table, as in Swift).
    public static func isValidName(_ text: some StringProtocol) -> Bool {
        guard let first = text.utf8.first, (1...64).contains(text.utf8.count), !isDigit(first),
            !text.utf8.elementsEqual("nil".utf8)
        else {
            return false
        }
        return text.utf8.allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "_") }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}
