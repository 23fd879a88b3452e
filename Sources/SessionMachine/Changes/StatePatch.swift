import FocusCore
import FocusProtocol

/// The RFC 7396 merge patch that turns the snapshot `state` before a change into the one after
/// it, built from the change's events: each event names the parts of one screen it can touch,
/// and only those parts are read and written. Arrays (rows, bindings, stale errors) are whole;
/// a value, error or rendered note that went away is `null`.
struct StatePatch {
    /// What one screen's events touched.
    private struct Touched {
        var focus = false
        /// Fields whose text changed (their stale errors may have changed).
        var texts: [FocusKey] = []
        var errors = false
        var lists: [ListID] = []
        /// Rows added or removed: their texts, errors and rendered notes appear or go.
        var rows: [RowID] = []
        /// Rows whose rendered notes may have changed.
        var notes: [RowID] = []
        var pendingAutoFocus = false
        var validation = false
        var bindings = false
    }

    let engine: FocusEngine
    let before: SessionState
    let after: SessionState
    /// The rendered notes of a screen after the change, for screens whose lists preview Markdown.
    let notesHTML: (ScreenID) -> [RowID: String]?

    func build(from events: [FocusEvent]) -> JSONObject {
        var patch = JSONObject()
        var touched: [(ScreenID, Touched)] = []
        func touch(_ screen: ScreenID, _ change: (inout Touched) -> Void) {
            if let index = touched.firstIndex(where: { $0.0 == screen }) {
                change(&touched[index].1)
            } else {
                var fresh = Touched()
                change(&fresh)
                touched.append((screen, fresh))
            }
        }
        for event in events {
            switch event {
            case .focus(let screen, _, _, let cause):
                touch(screen) {
                    $0.focus = true
                    // The auto-focus landing ends the pending one without an event of its own.
                    if cause == .autoFocus { $0.pendingAutoFocus = true }
                }
            case .edit(let screen, let key, _):
                // The text itself travels as the event's ops, which every client applies (and
                // merges with its own typing); the patch carries what follows from it.
                touch(screen) {
                    $0.texts.append(key)
                    $0.validation = true
                    if let row = key.rowID { $0.notes.append(row) }
                }
            case .validation(let screen, _, _):
                touch(screen) {
                    $0.errors = true
                    $0.validation = true
                }
            case .rowAdded(let screen, let list, let row), .rowRemoved(let screen, let list, let row):
                touch(screen) {
                    $0.lists.append(list)
                    $0.rows.append(row)
                    $0.errors = true
                    $0.validation = true
                    $0.focus = true
                }
            case .navigate(_, let to):
                patch["screen"] = .string(to.rawValue)
            case .autoFocusScheduled(let screen, _, _), .autoFocusCancelled(let screen, _):
                touch(screen) { $0.pendingAutoFocus = true }
            case .settings:
                patch["settings"] = JSONValue(encoding: after.settings)
                for screen in engine.schema.screens {
                    touch(screen.id) {
                        $0.bindings = true
                        $0.focus = true
                    }
                }
            }
        }
        var screens = JSONObject()
        for (screen, parts) in touched {
            screens[screen.rawValue] = .object(screenPatch(screen, parts))
        }
        if !screens.isEmpty {
            patch["screens"] = .object(screens)
        }
        return patch
    }

    private func screenPatch(_ screen: ScreenID, _ parts: Touched) -> JSONObject {
        var patch = JSONObject()
        guard let now = try? engine.snapshot(of: screen, in: after), let old = before[screen],
              let declaration = engine.schema.screen(screen)
        else { return patch }
        let new = after[screen] ?? old
        if parts.focus {
            patch["focus"] = Self.key(now.focus)
            patch["focusedField"] = now.focusedField.map(JSONValue.string) ?? .null
            patch["focusSwift"] = .string(now.focusSwift)
            patch["focusPrinted"] = .string(now.focusPrinted)
            if !declaration.lists.isEmpty {
                patch["focusedRow"] = now.focusedRow.map { .string($0.uuidString) } ?? .null
            }
        }
        if let toolbar = now.toolbar, parts.focus || !parts.lists.isEmpty {
            // Built here rather than through `JSONValue(encoding:)` (encode, then parse): this is
            // in most focus changes. The patch property tests hold it to the snapshot's encoding.
            patch["toolbar"] = .object(JSONObject([("previous", .bool(toolbar.previous)), ("next", .bool(toolbar.next))]))
        }
        var values = JSONObject()
        for row in parts.rows {
            for field in declaration.lists.flatMap(\.fields) {
                let key = FocusKey(field.rowCase, id: row)
                if new.values[key] != nil || old.values[key] != nil {
                    values[key.wireString] = new.values[key].map(JSONValue.string) ?? .null
                }
            }
        }
        if !values.isEmpty { patch["values"] = .object(values) }
        if parts.errors {
            var errors = JSONObject()
            for key in Set(old.errors.keys).union(new.errors.keys).sorted(by: { $0.wireString < $1.wireString }) {
                errors[key.wireString] = new.errors[key].map(JSONValue.string) ?? .null
            }
            if !errors.isEmpty { patch["errors"] = .object(errors) }
        }
        if parts.errors || !parts.texts.isEmpty {
            patch["staleErrors"] = .array(now.staleErrors.map { .string($0.wireString) })
        }
        if !parts.lists.isEmpty {
            var rows = JSONObject()
            for list in parts.lists { rows[list.rawValue] = .array(new.rows(in: list).map { .string($0.uuidString) }) }
            patch["rows"] = .object(rows)
        }
        if !(parts.rows + parts.notes).isEmpty, let html = notesHTML(screen) {
            var notes = JSONObject()
            for row in parts.rows + parts.notes { notes[row.uuidString] = html[row].map(JSONValue.string) ?? .null }
            patch["notesHTML"] = .object(notes)
        }
        if parts.bindings {
            patch["bindings"] = JSONValue(encoding: now.bindings)
            patch["diagnostics"] = JSONValue(encoding: now.diagnostics)
        }
        if parts.pendingAutoFocus {
            patch["pendingAutoFocus"] = Self.key(now.pendingAutoFocus)
        }
        if parts.validation {
            patch["validation"] = now.validation.map { .string($0.rawValue) } ?? .null
        }
        return patch
    }

    private static func key(_ key: FocusKey?) -> JSONValue {
        key.map { .string($0.wireString) } ?? .null
    }
}
