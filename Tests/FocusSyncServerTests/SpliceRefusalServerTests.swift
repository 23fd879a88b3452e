import FocusProtocol
import TestSupport
import Testing

/// Issue 25 over real sockets, as the hostile-client suite found it: the codes a refused splice
/// is answered with are the ones docs/PROTOCOL.md gives, its message is true, and nothing is
/// applied.
@Suite("Splice refusals over a real connection")
struct SpliceRefusalServerTests {
    @Test("A negative at or delete is bad_splice with its seq; the field is unchanged")
    func negativeOffsets() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let session = try server.createSession()
        let member = try await ProtocolClient.join(server, session: session)
        for fields in [
            #""key":"firstName","base":0,"insert":"x","at":-1,"delete":0"#,
            #""key":"firstName","base":0,"insert":"x","at":0,"delete":-1"#,
        ] {
            let seq = member.intent(Seed.profile, "splice", fields)
            let error = try await member.next(type: "error")
            #expect(error["code"].string == "bad_splice" && error["seq"].int == seq)
            #expect(error["message"].string?.contains("negative") == true)
        }
        // A later change is the next revision: neither splice was applied.
        member.intent(Seed.profile, "focus", #""key":"lastName""#)
        let update = try await member.next(type: "update")
        #expect(update["revision"].int == 1)
        #expect(member.value(of: "firstName") == "")
        member.close()
    }

    @Test("A splice or an edit of a row another member removed is unknown_key with a true message, and applies nothing")
    func rowRemovedUnderSplice() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let session = try server.createSession()
        let typist = try await ProtocolClient.join(server, session: session)
        let remover = try await ProtocolClient.join(server, session: session)
        typist.intent(Seed.profile, "navigate", #""to":"\#(Seed.tasks)""#)
        _ = try await typist.next(type: "update")
        _ = try await remover.next(type: "update")
        let row = try #require(typist.drawn.rows(of: "title").first)
        let delete = try #require(remover.key(titled: "Delete", row: row))
        typist.intent(Seed.tasks, "edit", #""key":"title/\#(row)","value":"Ada""#)
        let typed = try #require(try await typist.next(type: "update")["revision"].int)
        remover.intent(Seed.tasks, "tap", #""key":"\#(delete)""#)
        let removed = try #require(try await typist.next(type: "update")["revision"].int)
        #expect(typist.value(of: "title/\(row)") == nil, "the reminder is gone")

        let spliceSeq = typist.intent(
            Seed.tasks, "splice", #""key":"title/\#(row)","base":\#(typed),"at":0,"delete":1,"insert":"""#)
        let spliceError = try await typist.next(type: "error")
        #expect(spliceError["code"].string == "unknown_key" && spliceError["seq"].int == spliceSeq)
        #expect(spliceError["message"].string?.contains("title/\(row)") == true)
        #expect(spliceError["message"].string?.contains("past the end") == false)
        let editSeq = typist.intent(Seed.tasks, "edit", #""key":"title/\#(row)","value":"Bea""#)
        let editError = try await typist.next(type: "error")
        #expect(
            editError["code"] == spliceError["code"] && editError["message"] == spliceError["message"]
                && editError["seq"].int == editSeq)

        // The next change anyone makes is the next revision: the refused ones applied nothing.
        let other = try #require(typist.drawn.rows(of: "title").first)
        remover.intent(Seed.tasks, "focus", #""key":"title/\#(other)""#)
        let next = try await typist.next(type: "update")
        #expect(next["revision"].int == removed + 1)
        typist.close()
        remover.close()
    }
}
