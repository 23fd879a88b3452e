import Testing

@testable import focus_bench

@Suite("Reading server messages without parsing them")
struct MessageScanTests {
    private func bytes(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

    @Test func updateGivesItsOwnSeqRevisionAndAuthor() {
        let update = bytes(
            #"{"type":"update","revision":13,"by":"bench-0-0","seq":8,"at":1795900000123,"screen":"ProfileForm","events":[]}"#)
        #expect(MessageScan.kind(of: update) == .update)
        #expect(MessageScan.seq(in: update) == 8)
        #expect(MessageScan.revision(in: update) == 13)
        #expect(MessageScan.author(of: update) == .member(bytes("bench-0-0")))
    }

    @Test func serverChangesHaveNoAuthor() {
        let update = bytes(#"{"type":"update","revision":2,"by":null,"at":1,"events":[]}"#)
        #expect(MessageScan.author(of: update) == .server)
        #expect(MessageScan.author(of: bytes(#"{"type":"pong"}"#)) == nil)
    }

    @Test func escapedSeqInsideAValueIsNotTakenForTheField() {
        let update = bytes(
            #"{"type":"update","revision":2,"by":null,"at":1,"patch":{"program":{"drawn":{"content":[{"kind":"textField","key":"firstName","title":"First Name","value":"\"seq\":99"}]}}}}"#
        )
        #expect(MessageScan.seq(in: update) == nil)
        #expect(MessageScan.drawnValue(of: Array(#""key":"firstName","title":""#.utf8), in: update) == bytes(#"\"seq\":99"#))
    }

    @Test func aDrawnValueIsReadFromItsOwnViewOnly() {
        let update = bytes(
            #"{"patch":{"program":{"drawn":{"content":[{"kind":"textField","key":"firstName","title":"First Name"},{"kind":"textField","key":"lastName","title":"Last Name","value":"Lovelace"}]}}}}"#
        )
        #expect(MessageScan.drawnValue(of: Array(#""key":"firstName","title":""#.utf8), in: update) == nil)
        #expect(MessageScan.drawnValue(of: Array(#""key":"lastName","title":""#.utf8), in: update) == bytes("Lovelace"))
    }

    @Test func scanningASliceKeepsItsIndices() {
        let buffer = Array(#"xx{"type":"ack","seq":4}yy"#.utf8)
        let message = buffer[2..<24]
        #expect(MessageScan.kind(of: message) == .ack)
        #expect(MessageScan.seq(in: message) == 4)
        #expect(MessageScan.seq(in: buffer[2..<20]) == nil)
    }

    @Test(arguments: [
        (#"{"type":"snapshot","revision":1,"state":{"log":[{"seq":3}]}}"#, MessageScan.Kind.snapshot),
        (#"{"type":"presence","clients":[]}"#, .presence),
        (#"{"type":"presence","joined":[{"member":"m4","name":"Grace"}],"left":["m2"]}"#, .presence),
        (#"{"type":"ack","seq":4,"reason":"unchanged"}"#, .ack),
        (#"{"type":"error","code":"rate_limited","message":"…","seq":5}"#, .error),
        (#"{"type":"pong"}"#, .pong),
        (#"{"revision":1,"by":"x","type":"update"}"#, .update),
        (#"{"type":"hello"}"#, .other),
        ("not json", .other),
    ])
    func kinds(message: String, kind: MessageScan.Kind) {
        #expect(MessageScan.kind(of: bytes(message)) == kind)
    }

    @Test func seqOfAnAckAndOfAMessageWithoutOne() {
        #expect(MessageScan.seq(in: bytes(#"{"type":"ack","seq":1234567,"reason":"duplicate"}"#)) == 1_234_567)
        #expect(MessageScan.seq(in: bytes(#"{"type":"pong"}"#)) == nil)
        #expect(MessageScan.seq(in: bytes(#"{"type":"error","seq":null}"#)) == nil)
    }

    @Test func snapshotIdentityIsTheMemberIdOrElseTheClientId() {
        let v2 = bytes(##"{"type":"snapshot","revision":3,"you":{"member":"m7","name":"Ada","color":"#1f6feb"},"state":{}}"##)
        let v1 = bytes(
            #"{"type":"snapshot","revision":3,"you":{"clientId":"bench-0-1","name":"Ada"},"state":{"clients":[{"clientId":"x"}]}}"#
        )
        #expect(MessageScan.identity(inSnapshot: v2) == bytes("m7"))
        #expect(MessageScan.identity(inSnapshot: v1) == bytes("bench-0-1"))
        #expect(MessageScan.identity(inSnapshot: bytes(#"{"type":"snapshot"}"#)) == nil)
    }

    @Test func splicesInOrderWithKeysInAnyOrder() {
        let update = bytes(
            #"{"type":"update","revision":9,"by":"m3","seq":2,"events":[{"kind":"splice","screen":"ProfileForm","key":"firstName","#
                + #""ops":[{"at":3,"delete":0,"insert":"ab"},{"insert":"","delete":2,"at":10}]}],"patch":{}}"#)
        #expect(
            MessageScan.splices(in: update) == [
                MessageScan.Splice(at: 3, delete: 0, insertLength: 2), MessageScan.Splice(at: 10, delete: 2, insertLength: 0),
            ])
        #expect(MessageScan.splices(in: bytes(#"{"type":"update","events":[]}"#)).isEmpty)
    }

    @Test(arguments: [
        ("abc", 3), (#"a\"b"#, 3), (#"\u00e9x"#, 2), ("é", 1), ("€", 1), ("😀", 2), (#"\ud83d\ude00"#, 2), ("", 0),
    ])
    func utf16LengthOfEscapedText(text: String, length: Int) {
        #expect(MessageScan.utf16Length(ofEscaped: bytes(text)) == length)
    }
}
