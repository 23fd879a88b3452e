/// A plain check that text is a phone number a person typed: 7 to 15 digits (the E.164
/// maximum), an optional leading `+`, and spaces, dashes and non-nested parentheses between.
enum PhoneNumberFormat {
    static let digitRange = 7...15

    static func accepts(_ text: String) -> Bool {
        var digits = 0
        var insideParentheses = false
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
            case UInt8(ascii: "+"):
                guard offset == 0 else { return false }
            case UInt8(ascii: " "), UInt8(ascii: "-"):
                continue
            case UInt8(ascii: "("):
                guard !insideParentheses else { return false }
                insideParentheses = true
            case UInt8(ascii: ")"):
                guard insideParentheses else { return false }
                insideParentheses = false
            default:
                return false
            }
        }
        return !insideParentheses && digitRange.contains(digits)
    }
}
