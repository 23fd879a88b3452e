import FocusCore
import FocusProtocol
import Foundation
import Testing

@Suite("The page's protocol module")
struct PageProtocolModuleTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(PageProtocolModule.path)

    @Test("Public/js/protocol.js is the rendering of FocusProtocol's vocabulary")
    func fileMatchesRendering() throws {
        if ProcessInfo.processInfo.environment[PageProtocolModule.writeVariable] == "1" {
            try PageProtocolModule.text.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let onDisk = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(
            onDisk == PageProtocolModule.text,
            """
            \(PageProtocolModule.path) differs from what FocusProtocol renders. Write it again with
            \(PageProtocolModule.writeVariable)=1 swift test --filter PageProtocolModuleTests
            """)
    }

    @Test("The module spells every word as the server sends it")
    func spellings() {
        let text = PageProtocolModule.text
        #expect(text.contains("export const SUBPROTOCOL = 'focus-sync.v3';"))
        #expect(text.contains("  replaced: 4001,\n"))
        #expect(text.contains("  noAnswer: 4000,\n"))
        #expect(text.contains("  internalError: 'internal',\n"))
        #expect(text.contains("  duplicate: 'duplicate',\n"))
        #expect(text.contains("  timerSet: 'timerSet',\n"))
        #expect(text.contains("export const SourceText = Object.freeze({\n  screen: 'source',\n  key: 'source',\n});"))
        #expect(text.contains("  maxValueLength: 10000,\n"))
        for code in ErrorCode.allCases { #expect(text.contains("'\(code.rawValue)'")) }
        for code in WireCloseCode.allCases { #expect(text.contains(": \(code.rawValue),\n")) }
        for reason in AckReason.allCases { #expect(text.contains("'\(reason.wireName)'")) }
    }

    @Test("No other page module spells the subprotocol, a close code or an error code")
    func noCopies() throws {
        let folder = Self.file.deletingLastPathComponent()
        let modules = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "js" && $0.lastPathComponent != Self.file.lastPathComponent }
        #expect(modules.count > 10)
        let closeCodeNumber = /(close\(|code\s*===?\s*|\[\[)\s*\d{4}/
        for module in modules {
            let text = try String(contentsOf: module, encoding: .utf8)
            let name = module.lastPathComponent
            #expect(!text.contains(WireProtocol.subprotocol), "\(name) spells the subprotocol")
            #expect(text.firstMatch(of: closeCodeNumber) == nil, "\(name) spells a close code")
            for code in ErrorCode.allCases {
                #expect(!text.contains("'\(code.rawValue)'"), "\(name) spells the error code \(code.rawValue)")
            }
        }
    }

    @Test("Each ack reason reads back from its wire word, and nothing else does")
    func ackReasons() {
        for reason in AckReason.allCases { #expect(AckReason(wireName: reason.wireName) == reason) }
        #expect(AckReason(wireName: "toolbar_at_end") == nil, "the built-in toolbar's reason is gone")
        #expect(
            String(decoding: ServerMessage.ack(seq: 4, reason: .unchanged).encoded(), as: UTF8.self)
                == #"{"type":"ack","seq":4,"reason":"unchanged"}"#)
    }
}
