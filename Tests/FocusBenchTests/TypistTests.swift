import Foundation
import Testing

@testable import focus_bench

@Suite("A typist's view of the shared field")
struct TypistTests {
    private func bytes(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

    private func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    private func update(revision: Int, by: String, ops: String, value: String? = nil) -> ArraySlice<UInt8> {
        let patch =
            value.map {
                #"{"program":{"drawn":{"name":"ProfileForm","content":[{"kind":"textField","key":"firstName","title":"First Name","value":"\#($0)","line":18}]}}}"#
            } ?? "{}"
        return bytes(
            #"{"type":"update","revision":\#(revision),"by":"\#(by)","seq":1,"at":0,"events":[{"kind":"splice","screen":"ProfileForm","key":"firstName","ops":[\#(ops)]}],"patch":\#(patch)}"#
        )
    }

    @Test func startsAtTheEndOfTheSnapshotsText() throws {
        var typist = Typist(letter: UInt8(ascii: "x"))
        typist.observe(
            snapshot: bytes(
                #"{"type":"snapshot","revision":7,"you":{"member":"m1"},"state":{"program":{"source":"TextField(\"key\":\"firstName\")","drawn":{"content":[{"kind":"textField","key":"firstName","title":"First Name","value":"Ada"},{"kind":"textField","key":"lastName","value":""}]}},"log":[{"revision":3}]}}"#
            ))
        #expect(typist.revision == 7)
        #expect(typist.length == 3)
        #expect(typist.caret == 3)
        let splice = try object(typist.splice(seq: 4))
        #expect(splice["action"] as? String == "splice")
        #expect(splice["key"] as? String == "firstName")
        #expect(splice["base"] as? Int == 7)
        #expect(splice["at"] as? Int == 3)
        #expect(splice["delete"] as? Int == 0)
        #expect(splice["insert"] as? String == "x")
        #expect(splice["seq"] as? Int == 4)
        #expect(try object(typist.edit(seq: 5))["value"] as? String == "Adax")
    }

    @Test func ownSplicesPutTheCaretAfterTheirText() {
        var typist = Typist(letter: UInt8(ascii: "x"))
        typist.observe(update: update(revision: 1, by: "m1", ops: #"{"at":0,"delete":0,"insert":"x"}"#), isOwn: true)
        #expect((typist.revision, typist.length, typist.caret) == (1, 1, 1))
    }

    @Test func othersInsertsBeforeTheCaretMoveItAndAfterItDoNot() {
        var typist = Typist(letter: UInt8(ascii: "x"))
        typist.observe(update: update(revision: 1, by: "m1", ops: #"{"at":0,"delete":0,"insert":"xxxx"}"#), isOwn: true)
        typist.observe(update: update(revision: 2, by: "m2", ops: #"{"at":1,"delete":0,"insert":"yy"}"#), isOwn: false)
        #expect((typist.length, typist.caret) == (6, 6))
        typist.observe(update: update(revision: 3, by: "m2", ops: #"{"at":6,"delete":0,"insert":"z"}"#), isOwn: false)
        #expect((typist.revision, typist.length, typist.caret) == (3, 7, 6))
    }

    @Test func othersDeletesAroundTheCaretPullItBack() {
        var typist = Typist(letter: UInt8(ascii: "x"))
        typist.observe(update: update(revision: 1, by: "m1", ops: #"{"at":0,"delete":0,"insert":"abcdef"}"#), isOwn: true)
        typist.observe(update: update(revision: 2, by: "m2", ops: #"{"at":4,"delete":2,"insert":""}"#), isOwn: false)
        #expect((typist.length, typist.caret) == (4, 4))
        typist.observe(update: update(revision: 3, by: "m2", ops: #"{"at":1,"delete":2,"insert":"Q"}"#), isOwn: false)
        #expect((typist.length, typist.caret) == (3, 3))
    }

    @Test func aWholeValueInAnUpdateIsTheTextForEdits() throws {
        var typist = Typist(letter: UInt8(ascii: "b"))
        typist.observe(update: update(revision: 5, by: "m2", ops: "", value: "Grace"), isOwn: false)
        #expect(typist.length == 5)
        #expect(try object(typist.edit(seq: 1))["value"] as? String == "Graceb")
    }
}
