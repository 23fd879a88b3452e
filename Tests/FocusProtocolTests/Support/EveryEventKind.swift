import FocusCore
import FocusProtocol

extension FocusEvent {
    /// One event of every kind, with the texts that need escaping and a focus on a row's field:
    /// what the encoders that write events directly are held to their `Encodable` conformances with.
    static func everyKind() throws -> [FocusEvent] {
        [
            .focus(screen: .profile, from: .firstName, to: nil, cause: .submit),
            .focus(screen: .profile, from: nil, to: try FocusKey.parse("row/6F1C0E0A-88E2-4A4B-9C61-0D3C7B2E1A55"), cause: .tap),
            .edit(screen: .profile, key: .firstName, ops: [TextSplice(at: 0, delete: 1, insert: "A\"\n")]),
            .navigate(from: .profile, to: ScreenID(rawValue: "Gift")),
            .state(screen: .profile, name: "focus", value: #"".lastName "quoted" \"#),
            .timerSet(screen: .profile, afterMilliseconds: 500),
            .restart(screen: .profile),
        ]
    }
}
