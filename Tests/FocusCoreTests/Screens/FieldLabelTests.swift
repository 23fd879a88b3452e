import FocusCore
import FocusProtocol
import Foundation
import Testing

/// The labels people read for fields, which the server sends in `byFocus` and the schema.
@Suite("Field labels")
struct FieldLabelTests {
    @Test("A simple field reads as its label; no focus and an undeclared key have none")
    func simpleFields() throws {
        let session = try TestSession(on: .checkout)
        let byFocus = session.snapshot.byFocus
        #expect(byFocus["address"]?.label == "Address")
        #expect(byFocus["phone"]?.label == "Phone")
        #expect(byFocus[FocusPresentation.noFocus]?.label == nil)
        #expect(ScreenDeclaration.checkout.label(of: "nowhere", rows: [:]) == nil)
    }

    @Test("A row field of a one-field list is numbered by its row: Email 1, Email 2")
    func oneFieldRows() throws {
        var session = try TestSession(on: .gift)
        try session.apply(.addRow(.emails))
        let rows = session.rows(.emails)
        try #require(rows.count == 2)
        #expect(session.snapshot.byFocus["row/\(rows[0])"]?.label == "Email 1")
        #expect(session.snapshot.byFocus["row/\(rows[1])"]?.label == "Email 2")
    }

    @Test("Rows with several fields read as noun, number and field; removing a row renumbers the rest")
    func severalFieldRows() throws {
        var session = try TestSession(on: .tasks)
        for _ in 0..<3 { try session.apply(.addRow(.tasks)) }
        var rows = session.rows(.tasks)
        try #require(rows.count >= 3)
        let last = rows.count
        #expect(session.snapshot.byFocus["notes/\(rows[last - 1])"]?.label == "Reminder \(last) notes")
        #expect(session.snapshot.byFocus["title/\(rows[0])"]?.label == "Reminder 1 title")
        try session.apply(.removeRow(.tasks, rows[0]))
        rows = session.rows(.tasks)
        #expect(session.snapshot.byFocus["notes/\(rows[last - 2])"]?.label == "Reminder \(last - 1) notes")
    }

    @Test("A field of a row the list no longer holds reads without a number, in the schema's rowLabels")
    func rowLabels() throws {
        let tasks = try #require(ScreenDeclaration.tasks.lists.first)
        let gone = FocusKey(.notes, id: RowID(high: 1, low: 2))
        #expect(ScreenDeclaration.tasks.label(of: gone, rows: [:]) == "Reminder notes")
        let encoded = try JSONSerialization.jsonObject(with: Data(StreamingJSONEncoder().encode(tasks))) as? [String: Any]
        #expect(encoded?["rowLabels"] as? [String: String] == ["title": "Reminder title", "notes": "Reminder notes"])
        let gift = try #require(ScreenDeclaration.gift.lists.first)
        #expect(gift.label(of: try #require(gift.fields.first), atRow: nil) == "Email")
    }
}
