import Foundation
import Testing
@testable import FocusSyncServer

/// docs/PROTOCOL.md is what a client author reads: its examples must be real messages.
@Suite("docs/PROTOCOL.md examples")
struct ProtocolDocumentTests {
    static let document: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// Every example: the ```json blocks and the inline `{"type":…}` objects.
    static var examples: [String] {
        let blocks = document.matches(of: /```json\n([\s\S]*?)```/).map { String($0.1) }
        let inline = document.matches(of: /`(\{"type":[^`]*\})`/).map { String($0.1) }
        return blocks + inline
    }

    @Test func everyExampleIsJSON() throws {
        #expect(Self.examples.count > 20)
        for example in Self.examples {
            #expect(throws: Never.self, "not JSON: \(example)") { _ = try JSONValue.parse(example) }
        }
    }

    @Test func everyClientExampleDecodes() throws {
        let clientExamples = Self.examples.filter {
            $0.contains(#""type":"hello""#) || $0.contains(#""type":"intent""#) || $0.contains(#""type":"ping""#)
        }
        #expect(clientExamples.count >= 12)
        for example in clientExamples {
            #expect(throws: Never.self, "does not decode: \(example)") { _ = try ClientMessage.decode(Array(example.utf8)) }
        }
    }

    @Test func everyErrorCodeIsDocumented() {
        for code in ProtocolError.Code.allCases {
            #expect(Self.document.contains("`\(code.rawValue)`"), "\(code.rawValue) is not in PROTOCOL.md")
        }
    }
}
