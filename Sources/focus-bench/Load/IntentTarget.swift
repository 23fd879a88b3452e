/// The screen and the two fields the driving clients' intents name: the built-in profile
/// screen's First Name and Last Name, or the first two controls of a session's own source.
struct IntentTarget: Sendable, Equatable {
    var screen: String
    var first: String
    var second: String

    static let profile = IntentTarget(screen: "profile", first: "firstName", second: "lastName")

    /// A session running a source whose screen is `screen`: its first two controls are `c0`
    /// and `c1` (the interpreter numbers controls in source order).
    static func source(screen: String) -> IntentTarget {
        IntentTarget(screen: screen, first: "c0", second: "c1")
    }
}

/// A SwiftUI source every session of a variant is created with, and the screen it shows first
/// (`--variant 'source:--session-source=Public/examples/seeds/profile.swift:ProfileForm'`).
struct SessionSource: Sendable, Equatable {
    var text: String
    var screen: String
}
