import Foundation

/// SwiftUI sources that tests at several levels share (the machine's, the interpreter's and the
/// browser's), kept once in `Tests/Fixtures`.
public enum Fixtures {
    /// `Tests/Fixtures` of this checkout.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The text of `Tests/Fixtures/<name>`.
    public static func source(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// A sign-up form whose Sign Up button validates in a method (an `if`/`else if` chain that
    /// focuses the first field in need), and a Later button that focuses Password after 0.5 s:
    /// what Step is tried on.
    public static var stepSignUp: String {
        get throws { try source("step-sign-up.swift") }
    }
}
