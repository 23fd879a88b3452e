import FocusCore
import Testing

/// What each seed screen should do, written out by hand rather than derived from the schema,
/// so the engine is checked against the seeds and not against itself.
struct ScreenExpectation: Sendable, CustomTestStringConvertible {
    let screen: ScreenID
    /// The fields focus moves through with Return and the toolbar, given the screen's rows.
    let chain: @Sendable (ScreenState) -> [FocusKey]
    /// Fields Return does not leave (multi-line editors).
    let keepsReturn: Set<FocusKey>

    var testDescription: String { screen.rawValue }

    static let all: [ScreenExpectation] = [
        ScreenExpectation(
            screen: .profile, chain: { _ in [.firstName, .lastName] }, keepsReturn: []
        ),
        ScreenExpectation(
            screen: .checkout, chain: { _ in [.name, .address, .phone] }, keepsReturn: []
        ),
        ScreenExpectation(
            screen: .gift,
            chain: { [.message] + $0.rows(in: .emails).map { .row(id: $0) } },
            keepsReturn: [.message]
        ),
        ScreenExpectation(
            screen: .tasks,
            chain: { $0.rows(in: .tasks).flatMap { [FocusKey.title(id: $0), .notes(id: $0)] } },
            keepsReturn: []
        ),
    ]
}
