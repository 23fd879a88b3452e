import CommandLineParsing
import Foundation

extension BenchCommandLine {
    /// How a variant names the source its sessions run.
    static let sessionSourcePrefix = "--session-source="

    /// `--session-source=<file>:<Screen>`: the file read now, and the screen it shows first.
    static func sessionSource(_ argument: String) throws(UsageError) -> SessionSource {
        let value = argument.dropFirst(sessionSourcePrefix.count)
        guard let colon = value.lastIndex(of: ":"), colon != value.startIndex, value.index(after: colon) != value.endIndex else {
            throw UsageError(
                "--session-source expects a file and the screen it shows first, such as 'Public/examples/seeds/profile.swift:ProfileForm', got '\(value)'."
            )
        }
        let path = String(value[..<colon])
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw UsageError("--session-source cannot read '\(path)'.")
        }
        return SessionSource(text: text, screen: String(value[value.index(after: colon)...]))
    }

    /// How a variant asks for one session's source to be replaced through the window.
    static let replacementsPrefix = "--replace-source-per-second="

    /// `--replace-source-per-second=<n>`, which needs the variant's `--session-source`.
    static func replacementsPerSecond(_ argument: String, source: SessionSource?) throws(UsageError) -> Int {
        guard source != nil else {
            throw UsageError("--replace-source-per-second needs --session-source in the same variant: it replaces that source.")
        }
        return try OptionValue.wholeNumber(
            String(argument.dropFirst(replacementsPrefix.count)), for: "--replace-source-per-second", in: 1...1000)
    }
}
