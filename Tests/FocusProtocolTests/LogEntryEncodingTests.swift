import FocusCore
import FocusProtocol
import Foundation
import Testing

@Suite("Log entry encoding")
struct LogEntryEncodingTests {
    /// Every kind of event, with and without a seq, a member and a line.
    static func entries() throws -> [LogEntry] {
        try FocusEvent.everyKind().enumerated().map { index, event in
            LogEntry(
                revision: index + 1, at: 1_795_900_000_000 + Int64(index),
                by: index.isMultiple(of: 3) ? nil : MemberID(ordinal: index), seq: index.isMultiple(of: 2) ? index : nil,
                event: event, line: index.isMultiple(of: 4) ? nil : 10 + index)
        }
    }

    @Test("The server's encoder writes log entries as their Encodable conformance does, in its order of members")
    func directWritingMatchesEncodable() throws {
        let entries = try Self.entries()
        let direct = try StreamingJSONEncoder().encode(entries)
        let generic = try JSONEncoder().encode(entries)
        // The same members and values (Foundation's encoder orders an object's members its own way).
        let directObjects = try JSONSerialization.jsonObject(with: Data(direct)) as? NSArray
        let genericObjects = try JSONSerialization.jsonObject(with: generic) as? NSArray
        #expect(directObjects != nil && directObjects == genericObjects)
        #expect(try JSONValueDecoder().decode([LogEntry].self, from: direct) == entries)
        // Byte for byte: with a member and no seq, with both, and with a seq and no member.
        let written = try entries.map { String(decoding: try StreamingJSONEncoder().encode($0), as: UTF8.self) }
        #expect(
            written[1]
                == #"{"revision":2,"at":1795900000001,"by":"m1","event":{"kind":"focus","screen":"ProfileForm","from":null,"to":"row/6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55","cause":"tap"},"line":11}"#
        )
        #expect(
            written[4]
                == #"{"revision":5,"at":1795900000004,"by":"m4","seq":4,"event":{"kind":"state","screen":"ProfileForm","name":"focus","value":"\".lastName \"quoted\" \\"}}"#
        )
        #expect(
            written[6]
                == #"{"revision":7,"at":1795900000006,"by":null,"seq":6,"event":{"kind":"restart","screen":"ProfileForm"},"line":16}"#
        )
    }

    @Test("A log entry written inside another value leaves the members after it in place")
    func entryInsideAnObject() throws {
        struct Holder: Encodable {
            var log: [LogEntry]
            var after = 7
        }
        let text = try StreamingJSONEncoder().encode(Holder(log: Array(try Self.entries().prefix(2))))
        let parsed = try JSONParser.parse(text, depthLimit: 64)
        #expect(parsed["log"].array.count == 2)
        #expect(parsed["after"] == .integer(7))
    }
}
