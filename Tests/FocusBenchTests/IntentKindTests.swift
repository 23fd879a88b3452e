import Foundation
import Testing

@testable import focus_bench

@Suite("Intents the drivers send")
struct IntentKindTests {
    private func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func focusAlternatesBetweenTheTwoProfileFields() throws {
        let first = try object(IntentKind.focus.message(seq: 1))
        let second = try object(IntentKind.focus.message(seq: 2))
        #expect(first["type"] as? String == "intent")
        #expect(first["screen"] as? String == "ProfileForm")
        #expect(first["seq"] as? Int == 1)
        #expect(first["key"] as? String == "firstName")
        #expect(second["key"] as? String == "lastName")
    }

    @Test(arguments: [1, 9, 10, 123_456])
    func editsCarryTwoHundredCharactersThatDifferEachTime(seq: Int) throws {
        let edit = try object(IntentKind.edit.message(seq: seq))
        let value = try #require(edit["value"] as? String)
        #expect(value.count == IntentKind.editLength)
        #expect(value != IntentKind.editValue(seq: seq + 1))
        #expect(edit["action"] as? String == "edit")
    }

    @Test func helloNamesTheClient() throws {
        let hello = try object(IntentKind.hello(clientId: "bench-1-7"))
        #expect(hello["type"] as? String == "hello")
        #expect(hello["clientId"] as? String == "bench-1-7")
        #expect(hello["name"] as? String == "Bench")
    }

    @Test func servingLineGivesThePort() {
        #expect(
            ServerProcess.port(
                inServingLine: "FocusSync 0.1.0 serving http://127.0.0.1:40123/ (open it in a browser; Ctrl-C stops)") == 40123)
        #expect(ServerProcess.port(inServingLine: "FocusSync 0.1.0 serving http://[::1]:8080/ (…)") == 8080)
        #expect(ServerProcess.port(inServingLine: "listening") == nil)
    }
}
