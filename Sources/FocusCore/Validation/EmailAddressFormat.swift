/// A plain check that text looks like an everyday email address: `local@domain.tld`.
///
/// The local part is ASCII letters, digits and `!#$%&'*+/=?^_`{|}~.-` with no leading,
/// trailing or doubled dot; the domain is two or more dot-separated labels of letters, digits
/// and inner hyphens, ending in a top-level domain of at least two letters. Quoted local
/// parts and IP-address domains are turned away: people do not type them into a gift form.
enum EmailAddressFormat {
    static func accepts(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return acceptsLocalPart(parts[0]) && acceptsDomain(parts[1])
    }

    private static let localSymbols = Set("!#$%&'*+/=?^_`{|}~-.".utf8)

    private static func acceptsLocalPart(_ local: Substring) -> Bool {
        guard (1...64).contains(local.utf8.count),
            local.first != ".", local.last != ".", !local.contains("..")
        else { return false }
        return local.utf8.allSatisfy { isASCIILetterOrDigit($0) || localSymbols.contains($0) }
    }

    private static func acceptsDomain(_ domain: Substring) -> Bool {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, domain.utf8.count <= 253, let topLevel = labels.last,
            topLevel.utf8.count >= 2, topLevel.utf8.allSatisfy(isASCIILetter)
        else { return false }
        return labels.allSatisfy { label in
            (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                && label.utf8.allSatisfy { isASCIILetterOrDigit($0) || $0 == UInt8(ascii: "-") }
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
