/// Little-endian integers and length-prefixed strings and payloads, for ``PendingRecord``.
extension Array where Element == UInt8 {
    mutating func append<Integer: FixedWidthInteger & UnsignedInteger>(integer: Integer) {
        var value = integer.littleEndian
        for _ in 0..<Integer.bitWidth / 8 {
            append(UInt8(truncatingIfNeeded: value))
            value >>= 8
        }
    }

    mutating func append(text: String) {
        append(integer: UInt32(text.utf8.count))
        append(contentsOf: text.utf8)
    }

    mutating func append(blob: [UInt8]) {
        append(integer: UInt32(blob.count))
        append(contentsOf: blob)
    }
}

/// Reads what the `append` functions above wrote; every read is nil past the end.
struct ByteReader {
    private(set) var bytes: ArraySlice<UInt8>

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { bytes.isEmpty }

    mutating func integer<Integer: FixedWidthInteger & UnsignedInteger>(_: Integer.Type) -> Integer? {
        guard let taken = self.bytes(Integer.bitWidth / 8) else { return nil }
        var value: Integer = 0
        for byte in taken.reversed() {
            value = value << 8 | Integer(byte)
        }
        return value
    }

    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, bytes.count >= count else { return nil }
        defer { bytes = bytes.dropFirst(count) }
        return bytes.prefix(count)
    }

    mutating func text() -> String? {
        guard let length = integer(UInt32.self), let taken = bytes(Int(length)) else { return nil }
        return String(decoding: taken, as: UTF8.self)
    }

    mutating func blob() -> [UInt8]? {
        guard let length = integer(UInt32.self), let taken = bytes(Int(length)) else { return nil }
        return Array(taken)
    }
}
