/// Checks UTF-8 (RFC 3629) piece by piece, so a text message split across frames, or a frame
/// split across reads, can be refused at the first byte that cannot belong to valid UTF-8,
/// without waiting for the rest of the message.
///
/// Refuses overlong forms, surrogates (U+D800–U+DFFF), code points above U+10FFFF and the bytes
/// C0, C1, F5–FF, exactly as `String(validating:as:)` does for a whole buffer.
package struct UTF8Validator: Sendable, Equatable {
    // Inlinable, so the byte loop is specialised for the caller's buffer type: every byte of
    // every text message goes through it.
    /// Continuation bytes still owed by the current character.
    @usableFromInline var pending = 0
    /// The range the next continuation byte must fall in (it narrows after E0, ED, F0 and F4).
    @usableFromInline var nextLow: UInt8 = 0x80
    @usableFromInline var nextHigh: UInt8 = 0xBF

    package init() {}

    /// True when everything so far ends on a character boundary.
    package var isAtBoundary: Bool { pending == 0 }

    /// Checks `bytes`; false at the first byte that makes the text invalid (the validator is
    /// then spent and should be discarded).
    @inlinable
    package mutating func validate(_ bytes: some Sequence<UInt8>) -> Bool {
        for byte in bytes {
            if pending > 0 {
                guard byte >= nextLow && byte <= nextHigh else { return false }
                pending -= 1
                nextLow = 0x80
                nextHigh = 0xBF
                continue
            }
            switch byte {
            case 0x00...0x7F:
                continue
            case 0xC2...0xDF:
                pending = 1
            case 0xE0:
                pending = 2
                nextLow = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF:
                pending = 2
            case 0xED:
                pending = 2
                nextHigh = 0x9F
            case 0xF0:
                pending = 3
                nextLow = 0x90
            case 0xF1...0xF3:
                pending = 3
            case 0xF4:
                pending = 3
                nextHigh = 0x8F
            default:
                return false
            }
        }
        return true
    }
}
