import Testing
@testable import focus_bench

@Suite("Reading type and seq from server messages")
struct MessageScanTests {
    @Test func updateGivesItsOwnSeq() {
        let update = Array(#"{"type":"update","revision":13,"by":"bench-0-0","seq":8,"at":1795900000123,"screen":"profile","events":[]}"#.utf8)
        #expect(MessageScan.kind(of: update) == .update)
        #expect(MessageScan.seq(in: update) == 8)
    }

    @Test func escapedSeqInsideAValueIsNotTakenForTheField() {
        let update = Array(#"{"type":"update","revision":2,"by":null,"at":1,"state":{"values":{"firstName":"\"seq\":99"}}}"#.utf8)
        #expect(MessageScan.seq(in: update) == nil)
    }

    @Test(arguments: [
        (#"{"type":"snapshot","revision":1,"state":{"log":[{"seq":3}]}}"#, MessageScan.Kind.snapshot),
        (#"{"type":"presence","clients":[]}"#, .presence),
        (#"{"type":"ack","seq":4,"reason":"unchanged"}"#, .ack),
        (#"{"type":"error","code":"rate_limited","message":"…","seq":5}"#, .error),
        (#"{"type":"pong"}"#, .pong),
        (#"{"revision":1,"by":"x","type":"update"}"#, .update),
        (#"{"type":"hello"}"#, .other),
        ("not json", .other),
    ])
    func kinds(message: String, kind: MessageScan.Kind) {
        #expect(MessageScan.kind(of: Array(message.utf8)) == kind)
    }

    @Test func seqOfAnAckAndOfAMessageWithoutOne() {
        #expect(MessageScan.seq(in: Array(#"{"type":"ack","seq":1234567,"reason":"duplicate"}"#.utf8)) == 1_234_567)
        #expect(MessageScan.seq(in: Array(#"{"type":"pong"}"#.utf8)) == nil)
        #expect(MessageScan.seq(in: Array(#"{"type":"error","seq":null}"#.utf8)) == nil)
    }
}
