/// Plays `@FocusState` for every screen of a schema: makes sessions and applies intents.
///
/// The engine is a value with no state of its own, no clock and no randomness: the session
/// state is passed in and changed in place, fresh row ids come from the generator the host
/// passes, and timers are asked for as `Effect`s.
public struct FocusEngine: Sendable {
    /// The screens the engine plays.
    public let schema: Schema
    /// The bounds on what intents may ask for.
    public let limits: Limits

    /// An engine for `schema`, which must have at least one screen and unique screen ids.
    public init(schema: Schema = .seeds, limits: Limits = Limits()) {
        let ids = schema.screens.map(\.id)
        precondition(!ids.isEmpty, "A schema needs at least one screen.")
        precondition(Set(ids).count == ids.count, "Screen ids must be unique.")
        self.schema = schema
        self.limits = limits
    }

    /// A new session on the schema's first screen, every field empty but for the lists' initial
    /// rows (whose ids are drawn from `ids`), with the first screen's appear focus applied.
    /// Returns the effects the host must run (a timer, if that screen auto-focuses later).
    public func start(ids: inout some RandomNumberGenerator) -> (state: SessionState, effects: [Effect]) {
        let screens = schema.screens.map { initialState(of: $0, ids: &ids) }
        var state = SessionState(current: schema.screens[0].id, screens: screens)
        var record = Record()
        appear(ScreenSlot(declaration: schema.screens[0], index: 0), in: &state, record: &record)
        return (state, record.effects)
    }

    /// Applies `intent`, sent from `screen`, to `state` in place.
    ///
    /// `screen` must be the current screen, except for `navigate` (any known screen) and
    /// `autoFocusFired` (a timer that fires after its screen was left is simply stale).
    /// - Returns: the events and effects, or why nothing changed.
    /// - Throws: `FocusError` if the intent is invalid; `state` is then left untouched.
    public func apply(
        _ intent: Intent,
        on screen: ScreenID,
        to state: inout SessionState,
        ids: inout some RandomNumberGenerator
    ) throws(FocusError) -> Outcome {
        let slot = try self.slot(of: screen, in: state)
        if intent.needsCurrentScreen, screen != state.current {
            throw .notCurrentScreen(screen, current: state.current)
        }
        var record = Record()
        switch intent {
        case .focus(let key): try tap(key, on: slot, in: &state, record: &record)
        case .edit(let key, let text): try edit(key, to: text, on: slot, in: &state, record: &record)
        case .splice(let key, let operation): try splice(key, operation, on: slot, in: &state, record: &record)
        case .submit: submit(on: slot, in: &state, record: &record)
        case .next: moveAlongToolbar(by: 1, on: slot, in: &state, record: &record)
        case .previous: moveAlongToolbar(by: -1, on: slot, in: &state, record: &record)
        case .validate: try validate(slot, in: &state, record: &record)
        case .addRow(let list): try addRow(to: list, on: slot, in: &state, ids: &ids, record: &record)
        case .removeRow(let list, let row): try removeRow(row, from: list, on: slot, in: &state, record: &record)
        case .navigate(let destination): try navigate(to: destination, in: &state, record: &record)
        case .configure(let patch): configure(patch, in: &state, record: &record)
        case .autoFocusFired(let token): fireAutoFocus(token, in: &state, record: &record)
        }
        return record.outcome
    }

    /// The screen `id` of the schema and of `state`.
    func slot(of id: ScreenID, in state: SessionState) throws(FocusError) -> ScreenSlot {
        guard let index = schema.screens.firstIndex(where: { $0.id == id }),
            state.screens.indices.contains(index), state.screens[index].screen == id
        else { throw .unknownScreen(id.rawValue) }
        return ScreenSlot(declaration: schema.screens[index], index: index)
    }

    /// The current screen of `state`. Only the engine sets `current`, always to a screen of its
    /// schema, so a miss means the state was made by an engine with another schema.
    func currentSlot(in state: SessionState) -> ScreenSlot {
        guard let index = schema.screens.firstIndex(where: { $0.id == state.current }) else {
            preconditionFailure("The session shows '\(state.current)', which this engine's schema does not have.")
        }
        return ScreenSlot(declaration: schema.screens[index], index: index)
    }

    private func initialState(of screen: ScreenDeclaration, ids: inout some RandomNumberGenerator) -> ScreenState {
        var state = ScreenState(
            screen: screen.id,
            values: Dictionary(uniqueKeysWithValues: screen.fields.map { ($0.key, "") }),
            rows: [:]
        )
        for list in screen.lists {
            state.rows[list.id] = []
            for texts in list.initialRows {
                let id = freshRowID(for: state, using: &ids)
                state.appendRow(id, to: list, texts: texts)
            }
        }
        return state
    }
}

extension Intent {
    /// Whether the intent must come from the current screen.
    var needsCurrentScreen: Bool {
        switch self {
        case .navigate, .autoFocusFired: false
        case .focus, .edit, .splice, .submit, .next, .previous, .validate, .addRow, .removeRow, .configure: true
        }
    }
}
