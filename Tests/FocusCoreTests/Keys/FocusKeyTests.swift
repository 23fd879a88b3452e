import FocusCore
import Foundation
import TestSupport
import Testing

@Suite("Focus keys")
struct FocusKeyTests {
    static let id = RowID("6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55")!

    /// Foundation escapes `/` by default; the protocol's examples do not (both read the same).
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return encoder
    }

    static let examples: [(FocusKey, String, String)] = [
        (.firstName, "firstName", ".firstName"),
        (.lastName, "lastName", ".lastName"),
        ("name", "name", ".name"),
        (.address, "address", ".address"),
        (.phone, "phone", ".phone"),
        (.message, "message", ".message"),
        (.email(id: id), "email/6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55", ".email(id: 6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55)"),
        (.title(id: id), "title/6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55", ".title(id: 6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55)"),
        (.notes(id: id), "notes/6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55", ".notes(id: 6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55)"),
    ]

    @Test("Each key has a wire string and a Swift spelling, and parses back", arguments: examples)
    func wireAndSwift(key: FocusKey, wire: String, swift: String) throws {
        #expect(key.name == wire)
        #expect(key.description == swift)
        #expect(FocusKey(name: wire) == key)
        #expect(try FocusKey.parse(wire) == key)
        let json = try Self.encoder.encode(key)
        #expect(String(decoding: json, as: UTF8.self) == "\"\(wire)\"")
        #expect(try JSONDecoder().decode(FocusKey.self, from: json) == key)
    }

    @Test("A key is a case name and an optional row id: any screen's cases parse without an enum")
    func keysAreData() {
        #expect(FocusKey(name: "guest") == FocusKey("guest"))
        #expect(FocusKey(name: "guest/6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55") == FocusKey("guest", id: Self.id))
        #expect(FocusKey("guest", id: Self.id).description == ".guest(id: 6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55)")
    }

    @Test(
        "Text that cannot be a key is refused",
        arguments: [
            "", "row/", "row/6F1C0E0A", "row/6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A5Z",
            "title/6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55/x", "/6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55",
            "9lives", "first name", "first-name", "é", String(repeating: "a", count: 65),
        ])
    func refused(text: String) {
        #expect(FocusKey(name: text) == nil)
        #expect(throws: FocusError.unknownKey(text, screen: nil)) { try FocusKey.parse(text) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FocusKey.self, from: Data("\"\(text)\"".utf8)) }
    }

    @Test("A lower-case row id is read, and written back upper-case")
    func lowerCaseRowID() {
        let key = FocusKey(name: "email/6f1c0e0a-88e2-4a4b-9c61-0d3c7b2e1a55")
        #expect(key == .email(id: Self.id))
        #expect(key?.name == "email/6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55")
    }

    @Test("Random row ids are version 4 UUIDs and round-trip through their strings")
    func randomRowIDs() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<1_000 {
            let id = RowID.random(using: &generator)
            let text = id.uuidString
            #expect(text == text.uppercased())
            #expect(Array(text)[14] == "4")
            #expect("89AB".contains(Array(text)[19]))
            #expect(RowID(text) == id)
        }
    }

    @Test("Dictionaries keyed by focus keys encode as JSON objects")
    func dictionaryKeys() throws {
        let values: [FocusKey: String] = [.email(id: Self.id): "ada@example.com"]
        let json = try Self.encoder.encode(values)
        #expect(String(decoding: json, as: UTF8.self) == #"{"email/6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55":"ada@example.com"}"#)
        #expect(try JSONDecoder().decode([FocusKey: String].self, from: json) == values)
    }

    @Test("Row cases name their row; simple cases name none")
    func rowParts() {
        #expect(FocusKey.notes(id: Self.id).rowID == Self.id)
        #expect(FocusKey.notes(id: Self.id).rowCase == "notes")
        let simple: [FocusKey] = ["firstName", "lastName", "name", "address", "phone", "message"]
        #expect(simple.allSatisfy { $0.rowID == nil && $0.rowCase == nil })
        let rowCases: [FocusCase] = ["email", "title", "notes"]
        #expect(rowCases.allSatisfy { FocusKey($0, id: Self.id).rowCase == $0 && FocusKey($0, id: Self.id).rowID == Self.id })
    }
}
