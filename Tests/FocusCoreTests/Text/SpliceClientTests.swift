import FocusCore
import Testing

@Suite("Splice client")
struct SpliceClientTests {
    @Test("The first edit is sent at once on the known revision; edits made meanwhile wait, composed, until the answer")
    func oneInFlight() {
        var client = SpliceClient(member: "m1", text: "Ada", revision: 4)
        #expect(client.state == .synchronized)
        #expect(client.edit(TextSplice(at: 3, insert: " ")) == OutgoingSplice(splice: TextSplice(at: 3, insert: " "), base: 4))
        #expect(client.state == .awaitingConfirm)
        #expect(client.edit(TextSplice(at: 4, insert: "L")) == nil)
        #expect(client.edit(TextSplice(at: 5, insert: "o")) == nil)
        #expect(client.state == .awaitingWithBuffer)
        #expect(client.text == "Ada Lo")
        #expect(client.selection == TextSelection(caret: 6))
        #expect(
            client.acknowledge(revision: 5, applied: [TextSplice(at: 3, insert: " ")])
                == OutgoingSplice(splice: TextSplice(at: 4, insert: "Lo"), base: 5))
        #expect(client.serverText == "Ada ")
        #expect(client.acknowledge(revision: 6, applied: [TextSplice(at: 4, insert: "Lo")]) == nil)
        #expect(client.state == .synchronized)
        #expect(client.serverText == "Ada Lo")
        #expect(client.revision == 6)
    }

    @Test("A remote operation is transformed over the splice in flight and the buffer, and moves the caret")
    func remoteOverPending() {
        var client = SpliceClient(member: "m2", text: "Ada", revision: 1)
        _ = client.edit(TextSplice(at: 3, insert: "!"))
        _ = client.edit(TextSplice(at: 0, insert: "¡"))
        client.selection = TextSelection(caret: 2)
        // m1 typed " L" at the end of "Ada" at revision 2: it goes before m2's "!" (m1 < m2).
        let shown = client.receive([TextSplice(at: 3, insert: " L")], revision: 2, member: "m1")
        #expect(shown?.splices == [TextSplice(at: 4, insert: " L")])
        #expect(client.text == "¡Ada L!")
        #expect(client.serverText == "Ada L")
        #expect(client.selection == TextSelection(caret: 2))
        #expect(client.revision == 2)
        // The server transforms "!" the same way.
        #expect(
            client.acknowledge(revision: 3, applied: [TextSplice(at: 5, insert: "!")])
                == OutgoingSplice(splice: TextSplice(at: 0, insert: "¡"), base: 3))
        #expect(client.serverText == "Ada L!")
    }

    @Test("An update the client already has is ignored")
    func oldUpdate() {
        var client = SpliceClient(member: "m1", text: "Ada", revision: 5)
        #expect(client.receive([TextSplice(at: 0, insert: "X")], revision: 5, member: "m2") == nil)
        #expect(client.text == "Ada")
    }

    @Test("A buffer of edits in two places is sent as two splices, one at a time")
    func bufferInTwoPlaces() {
        var client = SpliceClient(member: "m1", text: "abc", revision: 0)
        _ = client.edit(TextSplice(at: 1, insert: "1"))
        _ = client.edit(TextSplice(at: 0, insert: "0"))
        _ = client.edit(TextSplice(at: 5, insert: "2"))
        #expect(client.text == "0a1bc2")
        #expect(
            client.acknowledge(revision: 1, applied: [TextSplice(at: 1, insert: "1")])
                == OutgoingSplice(splice: TextSplice(at: 0, insert: "0"), base: 1))
        #expect(client.state == .awaitingWithBuffer)
        #expect(
            client.acknowledge(revision: 2, applied: [TextSplice(at: 0, insert: "0")])
                == OutgoingSplice(splice: TextSplice(at: 5, insert: "2"), base: 2))
        #expect(client.acknowledge(revision: 3, applied: [TextSplice(at: 5, insert: "2")]) == nil)
        #expect(client.serverText == "0a1bc2")
    }

    @Test("A rate-limited splice is resent unchanged, with its first base")
    func resend() {
        var client = SpliceClient(member: "m1", text: "", revision: 3)
        let sent = client.edit(TextSplice(at: 0, insert: "a"))
        client.receive([TextSplice(at: 0, insert: "b")], revision: 4, member: "m2")
        #expect(client.resendable == sent)
        #expect(client.text == "ab")
    }

    @Test("After a refusal, edits wait; a snapshot brings them back on top, rebased, and the first is sent")
    func refusal() {
        var client = SpliceClient(member: "m1", text: "one two", revision: 3)
        _ = client.edit(TextSplice(at: 3, insert: "!"))
        #expect(client.refuse() == nil)
        #expect(client.state == .awaitingText)
        #expect(client.resendable == nil)
        #expect(client.edit(TextSplice(at: 8, insert: "?")) == nil)
        // Meanwhile others changed "one" to "ONE" and "two" to "2" (revision 9).
        let sent = client.resync(text: "ONE 2", revision: 9, inFlight: .unanswered)
        #expect(client.text == "ONE! 2?")
        #expect(sent == OutgoingSplice(splice: TextSplice(at: 3, insert: "!"), base: 9))
        #expect(
            client.acknowledge(revision: 10, applied: [TextSplice(at: 3, insert: "!")])
                == OutgoingSplice(splice: TextSplice(at: 6, insert: "?"), base: 10))
    }

    @Test("A splice refused for good is taken back out; the edits made since stay and are sent")
    func reject() {
        var client = SpliceClient(member: "m1", text: "Ada", revision: 1)
        _ = client.edit(TextSplice(at: 3, insert: "!!!"))
        _ = client.edit(TextSplice(at: 0, insert: "?"))
        #expect(client.reject() == OutgoingSplice(splice: TextSplice(at: 0, insert: "?"), base: 1))
        #expect(client.text == "?Ada")
        #expect(client.selection == TextSelection(caret: 1))
        #expect(client.acknowledge(revision: 2, applied: [TextSplice(at: 0, insert: "?")]) == nil)
        #expect(client.serverText == "?Ada")
    }

    @Test("A snapshot holding the splice in flight does not apply it again; one that refused it sends it anew")
    func snapshotAppliedOrRefused() {
        var client = SpliceClient(member: "m1", text: "ab", revision: 1)
        _ = client.edit(TextSplice(at: 2, insert: "c"))
        _ = client.edit(TextSplice(at: 3, insert: "d"))
        // The server applied "c" (revision 2), then m2's "X" at the start (3); the answers were lost.
        #expect(
            client.resync(text: "Xabc", revision: 3, inFlight: .applied)
                == OutgoingSplice(splice: TextSplice(at: 4, insert: "d"), base: 3))
        #expect(client.text == "Xabcd")
        var refused = SpliceClient(member: "m1", text: "ab", revision: 1)
        _ = refused.edit(TextSplice(at: 2, insert: "c"))
        #expect(
            refused.resync(text: "Xab", revision: 3, inFlight: .refused)
                == OutgoingSplice(splice: TextSplice(at: 3, insert: "c"), base: 3))
        #expect(refused.text == "Xabc")
    }

    @Test("A snapshot made before the splice in flight was handled is held, with the updates after it, until the answer")
    func snapshotHeld() {
        var client = SpliceClient(member: "m1", text: "ab", revision: 1)
        _ = client.edit(TextSplice(at: 2, insert: "c"))
        _ = client.edit(TextSplice(at: 3, insert: "d"))
        #expect(client.resync(text: "Xab", revision: 3, inFlight: .unanswered) == nil)
        #expect(client.receive([TextSplice(at: 0, insert: "Y")], revision: 4, member: "m2") == nil)
        #expect(client.text == "abcd")
        #expect(client.state == .awaitingWithBuffer)
        // The server transforms the splice from its base, 1, and applies it at 5.
        #expect(
            client.acknowledge(revision: 5, applied: [TextSplice(at: 4, insert: "c")])
                == OutgoingSplice(splice: TextSplice(at: 5, insert: "d"), base: 5))
        #expect(client.text == "YXabcd")
        #expect(client.serverText == "YXabc")
    }

    @Test("A refusal of the splice a snapshot was held for takes the snapshot and the updates after it at once")
    func heldThenRefused() {
        var client = SpliceClient(member: "m1", text: "ab", revision: 1)
        _ = client.edit(TextSplice(at: 2, insert: "c"))
        _ = client.edit(TextSplice(at: 3, insert: "d"))
        #expect(client.resync(text: "Xab", revision: 3, inFlight: .unanswered) == nil)
        client.receive([TextSplice(at: 0, insert: "Y")], revision: 4, member: "m2")
        #expect(client.refuse() == OutgoingSplice(splice: TextSplice(at: 3, insert: "cd"), base: 3))
        #expect(client.text == "YXabcd")
        #expect(client.serverText == "YXab")
        #expect(client.revision == 4)
        #expect(client.acknowledge(revision: 5, applied: [TextSplice(at: 4, insert: "cd")]) == nil)
    }

    @Test("A snapshot keeps the caret among the characters both texts hold")
    func snapshotCaret() {
        var client = SpliceClient(member: "m1", text: "hello world", revision: 1)
        client.selection = TextSelection(caret: 6)
        #expect(client.resync(text: "well, hello world", revision: 4, inFlight: .unanswered) == nil)
        #expect(client.selection == TextSelection(caret: 12))
        #expect(client.state == .synchronized)
    }

    @Test("A snapshot older than what the client has is ignored; its edits are rebased on its own copy")
    func olderSnapshot() {
        var client = SpliceClient(member: "m1", text: "abc", revision: 7)
        _ = client.edit(TextSplice(at: 3, insert: "d"))
        #expect(client.refuse() == nil)
        #expect(
            client.resync(text: "zzz", revision: 5, inFlight: .refused)
                == OutgoingSplice(splice: TextSplice(at: 3, insert: "d"), base: 7))
        #expect(client.text == "abcd")
    }
}
