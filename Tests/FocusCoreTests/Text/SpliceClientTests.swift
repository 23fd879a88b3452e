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
        #expect(client.acknowledge(revision: 5) == OutgoingSplice(splice: TextSplice(at: 4, insert: "Lo"), base: 5))
        #expect(client.serverText == "Ada ")
        #expect(client.acknowledge(revision: 6) == nil)
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
        // The server transforms "!" the same way, so the acknowledgement needs nothing from it.
        #expect(client.acknowledge(revision: 3) == OutgoingSplice(splice: TextSplice(at: 0, insert: "¡"), base: 3))
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
        #expect(client.acknowledge(revision: 1) == OutgoingSplice(splice: TextSplice(at: 0, insert: "0"), base: 1))
        #expect(client.state == .awaitingWithBuffer)
        #expect(client.acknowledge(revision: 2) == OutgoingSplice(splice: TextSplice(at: 5, insert: "2"), base: 2))
        #expect(client.acknowledge(revision: 3) == nil)
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

    @Test("After a refusal, edits wait; a fresh text brings them back on top, rebased, and the first is sent")
    func refusal() {
        var client = SpliceClient(member: "m1", text: "one two", revision: 3)
        _ = client.edit(TextSplice(at: 3, insert: "!"))
        client.refuse()
        #expect(client.state == .awaitingText)
        #expect(client.resendable == nil)
        #expect(client.edit(TextSplice(at: 8, insert: "?")) == nil)
        // Meanwhile others changed "one" to "ONE" and "two" to "2" (revision 9).
        let sent = client.recover(text: "ONE 2", revision: 9, inFlightApplied: false)
        #expect(client.text == "ONE! 2?")
        #expect(sent == OutgoingSplice(splice: TextSplice(at: 3, insert: "!"), base: 9))
        #expect(client.acknowledge(revision: 10) == OutgoingSplice(splice: TextSplice(at: 6, insert: "?"), base: 10))
    }

    @Test("A splice refused for good is taken back out; the edits made since stay and are sent")
    func reject() {
        var client = SpliceClient(member: "m1", text: "Ada", revision: 1)
        _ = client.edit(TextSplice(at: 3, insert: "!!!"))
        _ = client.edit(TextSplice(at: 0, insert: "?"))
        #expect(client.reject() == OutgoingSplice(splice: TextSplice(at: 0, insert: "?"), base: 1))
        #expect(client.text == "?Ada")
        #expect(client.selection == TextSelection(caret: 1))
        #expect(client.acknowledge(revision: 2) == nil)
        #expect(client.serverText == "?Ada")
    }

    @Test("After a reconnect, a splice the server had applied is not applied again")
    func reconnectApplied() {
        var client = SpliceClient(member: "m1", text: "ab", revision: 1)
        _ = client.edit(TextSplice(at: 2, insert: "c"))
        _ = client.edit(TextSplice(at: 3, insert: "d"))
        // The server applied "c" (revision 2), then m2's "X" at the start (3); the answers were lost.
        #expect(client.recover(text: "Xabc", revision: 3, inFlightApplied: true) == OutgoingSplice(splice: TextSplice(at: 4, insert: "d"), base: 3))
        #expect(client.text == "Xabcd")
        var lost = SpliceClient(member: "m1", text: "ab", revision: 1)
        _ = lost.edit(TextSplice(at: 2, insert: "c"))
        #expect(lost.recover(text: "Xab", revision: 3, inFlightApplied: false) == OutgoingSplice(splice: TextSplice(at: 3, insert: "c"), base: 3))
        #expect(lost.text == "Xabc")
    }

    @Test("Recovery keeps the caret among the characters both texts hold")
    func recoveryCaret() {
        var client = SpliceClient(member: "m1", text: "hello world", revision: 1)
        client.selection = TextSelection(caret: 6)
        #expect(client.recover(text: "well, hello world", revision: 4, inFlightApplied: false) == nil)
        #expect(client.selection == TextSelection(caret: 12))
        #expect(client.state == .synchronized)
    }

    @Test("A fresh text older than what the client has is ignored; its edits are rebased on its own copy")
    func olderFreshText() {
        var client = SpliceClient(member: "m1", text: "abc", revision: 7)
        _ = client.edit(TextSplice(at: 3, insert: "d"))
        client.refuse()
        #expect(client.recover(text: "zzz", revision: 5, inFlightApplied: false) == OutgoingSplice(splice: TextSplice(at: 3, insert: "d"), base: 7))
        #expect(client.text == "abcd")
    }
}
