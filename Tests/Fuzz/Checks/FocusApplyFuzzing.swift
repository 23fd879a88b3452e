import FocusCore

extension FuzzTarget {
    /// FocusCore's `apply` fed the intents the input spells (``IntentScript``) on a session of the
    /// seed screens, with limits just above the seeds' own texts so that edits reach them: it never
    /// traps, a refused intent changes nothing, after every intent the session is valid
    /// (``checkValid(_:of:)``), and the last state makes a snapshot.
    public static let focusApply = FuzzTarget(name: "focus-apply") { input in
        let engine = FocusEngine(schema: .seeds, limits: Limits(maxValueLength: 64, maxSessionTextBytes: 512))
        var ids = SequentialRowIDs()
        var state = engine.start(ids: &ids).state
        checkValid(state, of: engine)
        var script = IntentScript(input)
        while let (intent, screen) = script.next(for: state, on: engine.schema) {
            let before = state
            do {
                _ = try engine.apply(intent, on: screen, to: &state, ids: &ids)
            } catch {
                precondition(state == before, "\(intent) was refused (\(error)) but changed the session")
                continue
            }
            checkValid(state, of: engine)
        }
        _ = engine.snapshot(of: state)
    }

    /// Every screen of the schema in order, on a screen of the schema; focus only on the current
    /// screen (a screen left releases it), on a key a field is bound to under the settings; texts
    /// only under the keys of fields and rows that are there and within the length limit, errors
    /// only for those, at most `maxRows` distinct rows a list; all the text within the session's
    /// budget.
    private static func checkValid(_ state: SessionState, of engine: FocusEngine) {
        let schema = engine.schema
        precondition(state.screens.map(\.screen) == schema.screens.map(\.id), "the screens are not the schema's")
        precondition(schema.screens.contains { $0.id == state.current }, "the session shows '\(state.current)'")
        var totalBytes = 0
        for (declaration, screen) in zip(schema.screens, state.screens) {
            var textKeys = Set(declaration.fields.map(\.key))
            for list in declaration.lists {
                let rows = screen.rows(in: list.id)
                precondition(rows.count <= list.maxRows && Set(rows).count == rows.count, "\(list.id) has \(rows.count) rows")
                textKeys.formUnion(list.fields.flatMap { field in rows.map { FocusKey(field.rowCase, id: $0) } })
            }
            precondition(Set(screen.rows.keys).isSubset(of: declaration.lists.map(\.id)), "rows of an undeclared list")
            let boundKeys = declaration.fields.map { $0.boundKey(under: state.settings) } + textKeys.filter { $0.rowID != nil }
            if let focus = screen.focus {
                precondition(
                    declaration.id == state.current, "\(declaration.id) keeps focus on \(focus) while another screen shows")
                precondition(boundKeys.contains(focus), "focus on \(focus), which no field of \(declaration.id) is bound to")
            }
            precondition(Set(screen.values.keys) == textKeys, "texts of \(declaration.id) filed under keys no field has")
            for text in screen.values.values {
                let limit = engine.limits.maxValueLength
                precondition(text.utf8.count <= limit || text.count <= limit, "a text of \(text.count) characters")
                totalBytes += text.utf8.count
            }
            precondition(Set(screen.errors.keys).isSubset(of: textKeys), "errors of \(declaration.id) for keys no field has")
        }
        precondition(totalBytes <= engine.limits.maxSessionTextBytes, "the session holds \(totalBytes) bytes of text")
        if let pending = state.pendingAutoFocus {
            precondition(schema.screens.contains { $0.id == pending.screen }, "an auto-focus for '\(pending.screen)'")
        }
    }
}
