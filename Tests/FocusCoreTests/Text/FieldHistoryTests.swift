import FocusCore
import Testing

@Suite("Field history")
struct FieldHistoryTests {
    /// "Ada" at revision 10, then m2's "!" at its end (revision 11) and m3's "X" at its start (12).
    static func history(capacity: Int = FieldHistory.defaultCapacity) -> (FieldHistory, String) {
        var history = FieldHistory(since: 10, capacity: capacity)
        var text = "Ada"
        for (revision, member, splice) in [
            (11, "m2", TextSplice(at: 3, insert: "!")), (12, "m3", TextSplice(at: 0, insert: "X")),
        ] {
            let operation = TextOperation(splice, length: text.utf16Length)
            operation.apply(to: &text)
            history.record(operation, revision: revision, member: member)
        }
        return (history, text)
    }

    @Test("A splice on an old revision is transformed against every operation recorded after it")
    func rebase() throws {
        let (history, text) = Self.history()
        #expect(text == "XAda!")
        let fromStart = try history.rebase(TextSplice(at: 3, insert: " L"), base: 10, member: "m1", current: 12, text: text).get()
        #expect(fromStart.splices == [TextSplice(at: 4, insert: " L")])
        #expect(fromStart.applied(to: text) == "XAda L!")
        let fromMiddle = try history.rebase(TextSplice(at: 3, insert: " L"), base: 11, member: "m1", current: 12, text: text)
            .get()
        #expect(fromMiddle.applied(to: text) == "XAda L!")
        let current = try history.rebase(TextSplice(at: 5, insert: "?"), base: 12, member: "m1", current: 12, text: text).get()
        #expect(current.applied(to: text) == "XAda!?")
    }

    @Test("A base after the field's last change but within the session's revisions is current")
    func baseAfterLastChange() throws {
        let (history, text) = Self.history()
        let operation = try history.rebase(TextSplice(at: 0, delete: 1), base: 20, member: "m1", current: 20, text: text).get()
        #expect(operation.applied(to: text) == "Ada!")
    }

    @Test("Ties with recorded inserts follow the member ids")
    func ties() throws {
        let (history, text) = Self.history()
        #expect(
            try history.rebase(TextSplice(at: 3, insert: "?"), base: 10, member: "m1", current: 12, text: text).get().applied(
                to: text) == "XAda?!")
        #expect(
            try history.rebase(TextSplice(at: 3, insert: "?"), base: 10, member: "m9", current: 12, text: text).get().applied(
                to: text) == "XAda!?")
        #expect(
            try history.rebase(TextSplice(at: 0, insert: "?"), base: 11, member: "m3", current: 12, text: text).get().applied(
                to: text) == "X?Ada!")
    }

    @Test("A base older than the history, or newer than the session, is stale_base")
    func staleBase() {
        let (history, text) = Self.history(capacity: 1)
        #expect(history.count == 1)
        #expect(history.oldestBase == 11)
        let old = history.rebase(TextSplice(at: 0, insert: "?"), base: 10, member: "m1", current: 12, text: text)
        #expect(old == .failure(.baseTooOld(base: 10, oldest: 11)))
        #expect(old.error?.isStaleBase == true)
        #expect(history.rebase(TextSplice(at: 0, insert: "?"), base: 11, member: "m1", current: 12, text: text).error == nil)
        let future = history.rebase(TextSplice(at: 0, insert: "?"), base: 13, member: "m1", current: 12, text: text)
        #expect(future == .failure(.baseInFuture(base: 13, current: 12)))
        #expect(
            FieldHistory(since: 5).rebase(TextSplice(at: 0), base: 4, member: "m1", current: 5, text: "").error
                == .baseTooOld(base: 4, oldest: 5))
    }

    @Test("Negative, too long and past-the-end splices are bad_splice, judged against the text at their base")
    func badSplice() {
        let (history, text) = Self.history()
        let cases: [(TextSplice, Int, SpliceError)] = [
            (TextSplice(at: -1, insert: "x"), 12, .negative(TextSplice(at: -1, insert: "x"))),
            (TextSplice(at: 0, delete: -2), 12, .negative(TextSplice(at: 0, delete: -2))),
            (TextSplice(at: 4, insert: "x"), 10, .pastEnd(TextSplice(at: 4, insert: "x"), length: 3)),
            (TextSplice(at: 2, delete: 2), 10, .pastEnd(TextSplice(at: 2, delete: 2), length: 3)),
            (TextSplice(at: 6, insert: "x"), 12, .pastEnd(TextSplice(at: 6, insert: "x"), length: 5)),
            (TextSplice(at: 1, delete: Int.max), 12, .pastEnd(TextSplice(at: 1, delete: Int.max), length: 5)),
        ]
        for (splice, base, error) in cases {
            let result = history.rebase(splice, base: base, member: "m1", current: 12, text: text)
            #expect(result.error == error)
            #expect(result.error?.isStaleBase == false)
        }
        // Judged at the base: offset 5 did not exist at revision 10 but does now.
        #expect(history.rebase(TextSplice(at: 3, insert: "x"), base: 10, member: "m1", current: 12, text: text).error == nil)
    }

    @Test("An offset inside a surrogate pair is bad_splice; at its edges it is fine")
    func surrogatePair() {
        let history = FieldHistory(since: 0)
        let inside = history.rebase(TextSplice(at: 2, insert: "x"), base: 0, member: "m1", current: 0, text: "a😀b")
        #expect(inside == .failure(.insideSurrogatePair(TextSplice(at: 2, insert: "x"))))
        #expect(history.rebase(TextSplice(at: 1, delete: 1), base: 0, member: "m1", current: 0, text: "a😀b").error != nil)
        #expect(
            history.rebase(TextSplice(at: 1, delete: 2, insert: "🎉"), base: 0, member: "m1", current: 0, text: "a😀b").error == nil
        )
    }

    @Test("Every error is a sentence naming what to do")
    func messages() {
        let errors: [SpliceError] = [
            .negative(TextSplice(at: -1)), .pastEnd(TextSplice(at: 9), length: 3), .insideSurrogatePair(TextSplice(at: 2)),
            .baseTooOld(base: 1, oldest: 5), .baseInFuture(base: 9, current: 5),
        ]
        for error in errors {
            #expect(error.message.hasSuffix("."))
            #expect(error.description == error.message)
        }
        #expect(SpliceError.baseTooOld(base: 1, oldest: 5).message.contains("fresh copy"))
    }

    @Test("The history keeps the last operations in a ring, oldest first")
    func ring() {
        var history = FieldHistory(since: 0, capacity: 3)
        var text = ""
        for revision in 1...7 {
            let operation = TextOperation(TextSplice(at: text.utf16Length, insert: "\(revision)"), length: text.utf16Length)
            operation.apply(to: &text)
            history.record(operation, revision: revision * 2, member: "m1")
        }
        #expect((0..<history.count).map { history[$0].revision } == [10, 12, 14])
        #expect(history.oldestBase == 8)
        #expect(
            history.rebase(TextSplice(at: 4, insert: "x"), base: 8, member: "m0", current: 14, text: text).map {
                $0.applied(to: text)
            } == .success("1234x567"))
    }

    @Test("Operations of one splice and of several come back as recorded")
    func storage() {
        var history = FieldHistory(since: 0)
        let one = TextOperation(TextSplice(at: 1, delete: 1, insert: "😀"), length: 3)
        let two = TextOperation(splices: [TextSplice(at: 0, insert: "X"), TextSplice(at: 3, delete: 1)], length: 4)
        let none = TextOperation(identityOf: 3)
        history.record(one, revision: 1, member: "m1")
        history.record(two, revision: 2, member: "m2")
        history.record(none, revision: 3, member: "m3")
        #expect((0..<3).map { history[$0].operation } == [one, two, none])
        #expect(history[1].member == "m2")
    }

    @Test("Splices recorded as splices come back as the operation they make")
    func storageOfSplices() {
        var history = FieldHistory(since: 0)
        let one = [TextSplice(at: 1, delete: 1, insert: "😀")]
        let two = [TextSplice(at: 0, insert: "X"), TextSplice(at: 3, delete: 1)]
        history.record(splices: one, length: 3, revision: 1, member: "m1")
        history.record(splices: two, length: 4, revision: 2, member: "m2")
        history.record(splices: [], length: 3, revision: 3, member: "m3")
        #expect(
            (0..<3).map { history[$0].operation }
                == [TextOperation(one[0], length: 3), TextOperation(splices: two, length: 4), TextOperation(identityOf: 3)])
        #expect(history[1].member == "m2" && history[2].revision == 3)
    }
}

extension Result {
    /// The failure, if it is one.
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
