/// One Redis command as its arguments, binary-safe: the name first, then each argument's bytes.
struct RedisCommand: Sendable, Equatable {
    private(set) var arguments: [[UInt8]]

    init(_ name: String, _ words: String...) {
        self.init(words: [name] + words)
    }

    /// A command from its name and arguments as text, all in one list.
    init(words: [String]) {
        arguments = words.map { Array($0.utf8) }
    }

    /// The command's name, for error messages.
    var name: String { String(decoding: arguments[0], as: UTF8.self) }

    mutating func append(_ word: String) {
        arguments.append(Array(word.utf8))
    }

    mutating func append(_ number: Int64) {
        append(String(number))
    }

    mutating func append(bytes: [UInt8]) {
        arguments.append(bytes)
    }
}
