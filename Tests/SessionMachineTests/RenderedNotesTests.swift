import FocusCore
import FocusProtocol
import Sessions
import Testing

/// Issue 15, point 2: 60,000 bytes of `> ` render to about 14 times as much HTML, sent to every
/// member. A note's HTML and the whole session's are bounded.
@Suite("Rendered notes")
struct RenderedNotesTests {
    /// Markdown that renders to 12 times its size, as nested quotes do.
    static let swelling: @Sendable (String) -> String = { String(repeating: $0, count: 12) }

    /// The HTML the update in `outputs` carries for `row`.
    static func notesHTML(of row: RowID, in outputs: [SessionOutput]) -> String? {
        guard let update = IntentTests.update(in: outputs) else { return nil }
        return JSONValue.object(update.patch)["screens"]["tasks"]["notesHTML"][row.uuidString].string
    }

    @Test("A note whose HTML passes 16 KiB, or that takes the session past 128 KiB, is shown as a short notice")
    func noteAndSessionBounds() throws {
        var harness = Harness(render: Self.swelling)
        harness.join(1)
        var seq = 1
        harness.intent(1, seq: seq, .profile, .navigate(.tasks))
        while harness.machine.state[.tasks]!.rows(in: .tasks).count < 9 {
            seq += 1
            harness.intent(1, seq: seq, .tasks, .addRow(.tasks))
        }
        let rows = harness.machine.state[.tasks]!.rows(in: .tasks)

        // 1,400 bytes render to 16,800: past what one note may take.
        seq += 1
        let swollen = Self.notesHTML(
            of: rows[0], in: harness.intent(1, seq: seq, .tasks, .edit(.notes(id: rows[0]), String(repeating: "x", count: 1_400)))
        )
        #expect(swollen?.contains("too long to preview") == true)

        // 1,300 bytes render to 15,600 each: eight fit in 128 KiB, the ninth does not.
        for (index, row) in rows.prefix(9).enumerated() {
            seq += 1
            let html = Self.notesHTML(
                of: row, in: harness.intent(1, seq: seq, .tasks, .edit(.notes(id: row), String(repeating: "y", count: 1_300))))
            if index < 8 {
                #expect(html?.utf8.count == 15_600, "note \(index + 1)")
            } else {
                #expect(html?.contains("too long to preview") == true, "note \(index + 1) takes the session past its bound")
            }
        }
    }
}
