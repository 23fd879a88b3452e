/// The bytes a ``StreamingJSONEncoder`` has written so far and the containers still open.
///
/// Only one encoding uses an output, on one thread, and no method hands out access to its
/// storage, so the runtime's exclusivity checks on every append (a third of the encoding
/// time in the profile) are switched off for these two properties.
final class JSONOutput {
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    /// Open objects and arrays, outermost first: the byte that closes each, and whether it has
    /// an element yet (so the next one needs a comma).
    @exclusivity(unchecked) private var openContainers: [(closer: UInt8, hasElements: Bool)] = []

    init() {
        bytes.reserveCapacity(1024)
    }

    /// Writes `value` through its own `encode(to:)` and closes whatever it opened.
    func encode<T: Encodable>(_ value: T) throws {
        let level = openContainers.count
        let start = bytes.count
        try value.encode(to: StreamingValueEncoder(output: self, level: level))
        close(downTo: level)
        if bytes.count == start {
            // A value that encoded nothing at all; JSON needs something in its place.
            bytes += [UInt8(ascii: "{"), UInt8(ascii: "}")]
        }
    }

    func open(object: Bool) {
        bytes.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        openContainers.append((object ? UInt8(ascii: "}") : UInt8(ascii: "]"), false))
    }

    /// Starts the next element of the container at `level`: finishes any container nested in
    /// it that is still open, then writes the comma if the element is not the first.
    func beginElement(at level: Int) {
        close(downTo: level + 1)
        if openContainers[level].hasElements {
            bytes.append(UInt8(ascii: ","))
        } else {
            openContainers[level].hasElements = true
        }
    }

    /// Starts the next member of the object at `level` and writes its key.
    func beginMember(at level: Int, key: some CodingKey) {
        beginElement(at: level)
        write(key.stringValue)
        bytes.append(UInt8(ascii: ":"))
    }

    private func close(downTo level: Int) {
        while openContainers.count > level {
            bytes.append(openContainers.removeLast().closer)
        }
    }

    /// Appends JSON text encoded before (`EncodedJSON`) as it is.
    func write(raw text: [UInt8]) {
        bytes.append(contentsOf: text)
    }

    /// Appends `text` as it is: JSON the caller wrote (an object's fixed opening, a key and colon).
    func write(raw text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Writes a JSON value where the next value goes, without going through `Encodable`.
    func write(json value: JSONValue) throws {
        switch value {
        case .null: writeNull()
        case .bool(let flag): write(flag)
        case .integer(let number): write(number)
        case .number(let number): try write(number)
        case .string(let text): write(text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                try write(json: element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(member.key)
                bytes.append(UInt8(ascii: ":"))
                try write(json: member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        case .text(let text):
            bytes.append(contentsOf: text)
        }
    }

    // MARK: Scalars

    func writeNull() {
        bytes += [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")]
    }

    func write(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    func write(_ value: some BinaryInteger) {
        guard let number = Int64(exactly: value) else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        // Room made for the digits, then each written in its place from the last: no String per
        // number, and no slice of the output turned round (which copied the whole output).
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits = 1
        var power: UInt64 = 10
        // A magnitude is below 10^19, which a UInt64 holds, so `power` stops before it overflows.
        while magnitude >= power {
            digits += 1
            power *= 10
        }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var index = bytes.count
        repeat {
            index -= 1
            bytes[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    func write(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "JSON has no \(value)."))
        }
        bytes.append(contentsOf: value.description.utf8)
    }

    /// A JSON string: quote, backslash and control characters escaped, everything else as is.
    /// The text's UTF-8 is read where it is stored, checked in one tight pass and copied in
    /// one go (byte by byte, through the view's iterator, each string cost hundreds of
    /// instructions, a third of an update's encoding).
    func write(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        let written: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
            if utf8.contains(where: Self.needsEscape) {
                writeEscaped(utf8)
            } else {
                bytes.append(contentsOf: utf8)
            }
        }
        // A native string always has its UTF-8 in one piece; any other is written escaped as it reads.
        if written == nil { writeEscaped(string.utf8) }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private func writeEscaped(_ utf8: some Sequence<UInt8>) {
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes += [UInt8(ascii: "\\"), byte]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x00..<0x20:
                bytes += [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0x0F)],
                ]
            default:
                bytes.append(byte)
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
