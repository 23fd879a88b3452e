import FocusCore
import FocusProtocol

/// The RFC 7396 merge patch that, with the change's events, turns the snapshot `state` before a
/// change into the one after it. Built from the events: each event names the parts of one screen
/// it can touch, and only those parts are read and written. Arrays (rows, bindings, stale
/// errors) are whole; a value, error, rendered note or `byFocus` entry that went away is `null`.
///
/// What an event says itself is not repeated here: a screen's `focus` is the `to` of its last
/// `focus` event, as a text is its `edit` events' ops applied. A focus change is then only its
/// event, since what each focus value shows (`byFocus`) changes with rows and settings alone.
struct StatePatch {
    /// What one screen's events touched.
    private struct Touched {
        /// Rows or settings changed, and with them what the focus values show.
        var presentations = false
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
    /// The rendered notes of a screen after the change, for screens whose lists preview Markdown;
    /// asked only for the screens ``screensWithNewNotes(_:)`` names.
    let notesHTML: (ScreenID) -> [RowID: String]?

    /// The screens whose rendered notes `events` can change: a row came or went, or a row's
    /// field was edited. A focus change, the most common, needs none rendered.
    static func screensWithNewNotes(_ events: [FocusEvent]) -> Set<ScreenID> {
        var screens = Set<ScreenID>()
        for event in events {
            switch event {
            case .edit(let screen, let key, _) where key.rowID != nil: screens.insert(screen)
            case .rowAdded(let screen, _, _), .rowRemoved(let screen, _, _): screens.insert(screen)
            default: break
            }
        }
        return screens
    }

    /// The patch for `events`; a screen the engine could not read goes into `faults`, and the
    /// patch says nothing of it.
    func build(from events: [FocusEvent], faults: inout [SessionFault]) -> JSONObject {
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
                // The auto-focus landing ends the pending one without an event of its own.
                if cause == .autoFocus { touch(screen) { $0.pendingAutoFocus = true } }
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
                    $0.presentations = true
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
                        $0.presentations = true
                    }
                }
            case .state, .timerSet, .restart:
                // A source's program: its update carries the drawn screen instead.
                break
            }
        }
        var screens = JSONObject()
        for (screen, parts) in touched {
            let changes: JSONObject
            do {
                changes = try screenPatch(screen, parts)
            } catch {
                faults.append(.screenUnreadable(screen, error))
                continue
            }
            if !changes.isEmpty { screens[screen.rawValue] = .object(changes) }
        }
        if !screens.isEmpty {
            patch["screens"] = .object(screens)
        }
        return patch
    }

    private func screenPatch(_ screen: ScreenID, _ parts: Touched) throws(FocusError) -> JSONObject {
        var patch = JSONObject()
        guard let old = before[screen], let declaration = engine.schema.screen(screen) else { return patch }
        let new = after[screen] ?? old
        if parts.presentations {
            let was = try engine.presentations(of: screen, in: before)
            let now = try engine.presentations(of: screen, in: after)
            var changed = JSONObject()
            for key in Set(was.keys).union(now.keys).sorted() where was[key] != now[key] {
                changed[key] = now[key].map { JSONValue(encoding: $0) } ?? .null
            }
            if !changed.isEmpty { patch["byFocus"] = .object(changed) }
        }
        var values = JSONObject()
        for row in parts.rows {
            for field in declaration.lists.flatMap(\.fields) {
                let key = FocusKey(field.rowCase, id: row)
                if new.values[key] != nil || old.values[key] != nil {
                    values[key.name] = new.values[key].map(JSONValue.string) ?? .null
                }
            }
        }
        if !values.isEmpty { patch["values"] = .object(values) }
        if parts.errors {
            var errors = JSONObject()
            for key in Set(old.errors.keys).union(new.errors.keys).sorted(by: { $0.name < $1.name }) {
                errors[key.name] = new.errors[key].map(JSONValue.string) ?? .null
            }
            if !errors.isEmpty { patch["errors"] = .object(errors) }
        }
        if parts.errors || !parts.texts.isEmpty {
            patch["staleErrors"] = .array(new.staleErrorsInWireOrder.map { .string($0.name) })
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
            let report = try engine.bindingReport(of: screen, in: after)
            patch["bindings"] = JSONValue(encoding: report.entries)
            patch["diagnostics"] = JSONValue(encoding: report.diagnostics)
        }
        if parts.pendingAutoFocus {
            patch["pendingAutoFocus"] = Self.key(after.pendingAutoFocus.flatMap { $0.screen == screen ? $0.key : nil })
        }
        if parts.validation {
            patch["validation"] = new.validation.map { .string($0.rawValue) } ?? .null
        }
        return patch
    }

    private static func key(_ key: FocusKey?) -> JSONValue {
        key.map { .string($0.name) } ?? .null
    }
}
