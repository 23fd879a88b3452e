/// The identity of one row in a list, written on the wire as an upper-case UUID
/// (`6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55`), as Swift prints a `UUID`.
///
/// The 128 bits are held as two integers rather than a string, so hashing and comparing
/// rows on the hot path never touches text. The core never invents ids on its own: fresh
/// ones come from a random number generator the host passes in (see `random(using:)`).
public struct RowID: Hashable, Sendable {
    /// The first 64 bits (the first 16 hex digits).
    public let high: UInt64
    /// The last 64 bits.
    public let low: UInt64

    /// A row id made of these 128 bits.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Parses `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` (hex digits in either case);
    /// `nil` for anything else.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        for (offset, byte) in bytes.enumerated() {
            if Self.dashOffsets.contains(offset) {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let nibble = Self.nibble(byte) else { return nil }
            if digits < 16 {
                high = high << 4 | nibble
            } else {
                low = low << 4 | nibble
            }
            digits += 1
        }
        self.init(high: high, low: low)
    }

    /// A fresh random id (a version 4 UUID) drawn from `generator`.
    public static func random(using generator: inout some RandomNumberGenerator) -> RowID {
        let high = generator.next() & ~0xF000 | 0x4000
        let low = generator.next() & ~(0xC << 60) | (0x8 << 60)
        return RowID(high: high, low: low)
    }

    /// The id as an upper-case UUID string.
    public var uuidString: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for index in 0..<32 {
            if Self.dashOffsets.contains(bytes.count) { bytes.append(UInt8(ascii: "-")) }
            let word = index < 16 ? high : low
            let shift = UInt64(60 - 4 * (index % 16))
            bytes.append(Self.hexDigits[Int(word >> shift & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let dashOffsets: Set<Int> = [8, 13, 18, 23]
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func nibble(_ byte: UInt8) -> UInt64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt64(byte - UInt8(ascii: "A") + 10)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(byte - UInt8(ascii: "a") + 10)
        default: nil
        }
    }
}

extension RowID: CustomStringConvertible {
    /// The upper-case UUID string.
    public var description: String { uuidString }
}

extension RowID: StringCodable {
    public init?(codedText: String) { self.init(codedText) }
    public var codedText: String { uuidString }
    public static var codedTextExample: String { "a row id (a UUID like 6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55)" }
}
