/// The screen and the two fields the driving clients' intents name: the seed profile form's
/// First Name and Last Name (what a session created without a source shows first), or the first
/// two controls of a session's own source.
struct IntentTarget: Sendable, Equatable {
    var screen: String
    var first: String
    var second: String

    static let profile = IntentTarget(screen: "ProfileForm", first: "firstName", second: "lastName")

    /// A session running a source whose screen is `screen`, with `fields` the keys of its text
    /// fields as the server draws them: the first two are the ones driven.
    static func source(screen: String, fields: [String]) throws(BenchError) -> IntentTarget {
        guard fields.count >= 2 else {
            throw .setup("the session's source draws \(fields.count) text field(s) on \(screen); the bench drives two")
        }
        return IntentTarget(screen: screen, first: fields[0], second: fields[1])
    }
}

/// A SwiftUI source every session of a variant is created with, and the screen it shows first
/// (`--variant 'source:--session-source=Public/examples/seeds/profile.swift:ProfileForm'`).
struct SessionSource: Sendable, Equatable {
    var text: String
    var screen: String
}
