import FocusCore

/// The page's copy of the wire vocabulary: the text of `Public/js/protocol.js`, rendered from the
/// Swift that defines each word, so the page cannot spell one differently from the server.
/// `FocusProtocolTests` checks the file on disk against ``text``; see docs/PROTOCOL.md for how
/// to write it again after a change.
public enum PageProtocolModule {
    /// Where the module lives, from the repository's root.
    public static let path = "Public/js/protocol.js"

    /// The environment variable that makes the check write ``text`` to ``path`` instead of failing.
    public static let writeVariable = "FOCUS_SYNC_WRITE_PROTOCOL_JS"

    /// The JavaScript module: the subprotocol, close codes, error codes, ack reasons, event kinds,
    /// drawn view kinds, diagnostic severities, syntax colour kinds (named and numbered), the source's field and the
    /// default limits, each a frozen object keyed by its Swift name.
    public static var text: String {
        let limits = Limits()
        let sections = [
            """
            // Generated from FocusProtocol (Sources/FocusProtocol/Vocabulary/PageProtocolModule.swift):
            // do not edit. After changing the Swift, write it again with
            //   \(writeVariable)=1 swift test --filter PageProtocolModuleTests
            // The words the page and the server share on the wire (docs/PROTOCOL.md).
            """,
            """
            /** The WebSocket subprotocol the page offers. */
            export const SUBPROTOCOL = \(quoted(WireProtocol.subprotocol));
            """,
            table(
                "WebSocket close codes: the server's, and the two the page closes with.", "CloseCode",
                WireCloseCode.allCases.map { (name(of: $0), String($0.rawValue)) }),
            table(
                "Every error code the server sends (`{\"type\":\"error\",\"code\":…}`).", "ErrorCode",
                ErrorCode.allCases.map { (String(describing: $0), quoted($0.rawValue)) }),
            table(
                "Why an `ack` says an intent changed nothing.", "AckReason",
                AckReason.allCases.map { (String(describing: $0), quoted($0.wireName)) }),
            table(
                "The `kind` of an event in an update or the log.", "EventKind",
                EventKind.allCases.map { (String(describing: $0), quoted($0.rawValue)) }),
            table(
                "The `kind` of a view a program session draws (`state.program.drawn`).", "DrawnKind",
                DrawnView.Kind.allCases.map { (String(describing: $0), quoted($0.rawValue)) }),
            table(
                "The `severity` of a source diagnostic.", "DiagnosticSeverity",
                SourceDiagnostic.Severity.allCases.map { (String(describing: $0), quoted($0.rawValue)) }),
            table(
                "The `kind` of a source's syntax colour (`state.program.highlights`).", "HighlightKind",
                SourceHighlight.Kind.allCases.map { (String(describing: $0), quoted($0.rawValue)) }),
            list(
                "The syntax colour kinds in the order `state.program.highlights` numbers them (its every third number).",
                "HighlightKinds", SourceHighlight.Kind.allCases.map { quoted($0.rawValue) }),
            table(
                "The session's source as a text members splice: its screen and key on the wire (`source/source`).",
                "SourceText", [("screen", quoted(ScreenID.sourceText.rawValue)), ("key", quoted(FocusKey.sourceText.name))]),
            table(
                "The default bounds on what intents may ask for.", "Limits",
                [("maxValueLength", String(limits.maxValueLength)), ("maxSessionTextBytes", String(limits.maxSessionTextBytes))]),
        ]
        return sections.joined(separator: "\n\n") + "\n"
    }

    private static func table(_ summary: String, _ name: String, _ members: [(name: String, value: String)]) -> String {
        let lines = members.map { "  \($0.name): \($0.value)," }
        return (["/** \(summary) */", "export const \(name) = Object.freeze({"] + lines + ["});"]).joined(separator: "\n")
    }

    private static func list(_ summary: String, _ name: String, _ members: [String]) -> String {
        "/** \(summary) */\nexport const \(name) = Object.freeze([" + members.joined(separator: ", ") + "]);"
    }

    /// A JavaScript string literal in the page's single quotes.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingBackslashesAndQuotes() + "'"
    }

    /// The code's Swift name (its `description` is the number).
    private static func name(of code: WireCloseCode) -> String {
        switch code {
        case .normalClosure: "normalClosure"
        case .goingAway: "goingAway"
        case .policyViolation: "policyViolation"
        case .noAnswer: "noAnswer"
        case .replaced: "replaced"
        case .unknownSession: "unknownSession"
        case .sessionFull: "sessionFull"
        case .reconnect: "reconnect"
        }
    }
}

extension String {
    fileprivate func replacingBackslashesAndQuotes() -> String {
        var escaped = ""
        for character in self {
            if character == "\\" || character == "'" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
