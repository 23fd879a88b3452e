/// The writes of one ``StorageWriter/submit(_:)`` call: stored together or not at all.
struct Submission: Sendable {
    let ticket: StorageTicket
    let writes: [StorageWrite]
}
