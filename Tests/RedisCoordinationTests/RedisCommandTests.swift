import Testing

@testable import RedisCoordination

@Suite("Redis command encoding")
struct RedisCommandTests {
    func encoded(_ command: RedisCommand) -> String {
        var bytes: [UInt8] = []
        command.encode(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aCommandIsItsArgumentsInRESP() {
        var command = RedisCommand("SET", "key")
        command.append(bytes: Array("two\r\nlines".utf8))
        command.append(-12)
        #expect(encoded(command) == "*4\r\n$3\r\nSET\r\n$3\r\nkey\r\n$10\r\ntwo\r\nlines\r\n$3\r\n-12\r\n")
        #expect(command.name == "SET")
    }

    @Test func aSessionsEncodedKeysAreItsScriptKeys() {
        let keys = SessionKeys(sessionID: "abcdefgh12345678")
        var command = RedisCommand("EVALSHA", "digest", "7")
        command.append(encoded: SessionKeys.encodedScriptKeys(of: "abcdefgh12345678"), count: 7)
        #expect(command == RedisCommand(words: ["EVALSHA", "digest", "7"] + keys.scriptKeys))
        #expect(keys.lease == "fs:{abcdefgh}:session:abcdefgh12345678:lease")
    }
}
