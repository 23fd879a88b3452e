/// One Redis command, binary-safe, kept as the bytes Redis reads (RESP): each argument as
/// `$<length>` and its bytes, the name first, so a batch is encoded as it is built.
struct RedisCommand: Sendable, Equatable {
    /// The command's name, for error messages.
    let name: String
    /// How many arguments, the name included.
    private(set) var count = 0
    /// The arguments, encoded; ``encode(into:)`` puts the count in front.
    private(set) var body: [UInt8] = []

    init(_ name: String, _ words: String...) {
        self.init(words: [name] + words)
    }

    /// A command from its name and arguments as text, all in one list.
    init(words: [String]) {
        name = words.first ?? ""
        for word in words {
            append(word)
        }
    }

    mutating func append(_ word: String) {
        append(word, "")
    }

    /// One argument made of two pieces of text, without joining them first (a session's key:
    /// its prefix and the key's own suffix).
    mutating func append(_ first: String, _ second: String) {
        beginArgument(length: first.utf8.count + second.utf8.count)
        body.append(contentsOf: first.utf8)
        body.append(contentsOf: second.utf8)
        body += Self.lineEnd
    }

    mutating func append(_ number: Int64) {
        append(String(number))
    }

    mutating func append(bytes: [UInt8]) {
        beginArgument(length: bytes.count)
        body += bytes
        body += Self.lineEnd
    }

    /// Appends `count` arguments already encoded as this type encodes them (``body`` of
    /// another command).
    mutating func append(encoded arguments: [UInt8], count: Int) {
        self.count += count
        body += arguments
    }

    /// Makes room for `bytes` more bytes of arguments, so a long command grows once.
    mutating func reserveCapacity(_ bytes: Int) {
        body.reserveCapacity(body.count + bytes)
    }

    /// Appends the whole command to `buffer` as Redis reads it.
    func encode(into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "*"))
        buffer.append(contentsOf: String(count).utf8)
        buffer += Self.lineEnd
        buffer += body
    }

    private mutating func beginArgument(length: Int) {
        count += 1
        body.append(UInt8(ascii: "$"))
        body.append(contentsOf: String(length).utf8)
        body += Self.lineEnd
    }

    private static let lineEnd: [UInt8] = [13, 10]
}
