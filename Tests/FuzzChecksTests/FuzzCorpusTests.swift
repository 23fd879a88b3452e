import Foundation
import FuzzChecks
import Testing

/// Every input kept in `Tests/Fuzz/Corpus/<target>/` (seeds, and each input a fuzzer ever
/// crashed on) passes its target's check: the fuzz targets' regression tests.
@Suite("Fuzz corpus replay")
struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus")

    @Test(arguments: FuzzTarget.all.map(\.name))
    func corpusPassesItsCheck(target name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        let folder = Self.corpus.appendingPathComponent(name)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        #expect(!files.isEmpty, "no seed inputs in \(folder.path)")
        for file in files {
            target.check([UInt8](try Data(contentsOf: file)))
        }
    }
}
