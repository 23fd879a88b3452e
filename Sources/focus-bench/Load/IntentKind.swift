/// What a driving client sends: protocol `intent` messages on the profile screen.
enum IntentKind: String, Sendable, Encodable {
    /// Taps alternating between First Name and Last Name, so every one moves focus.
    case focus
    /// Edits of First Name, each a different 200-character value.
    case edit
    /// Typing into First Name, one `splice` per keystroke at the typist's caret (see ``Typist``).
    case splice
    /// The same keystrokes sent as whole-value `edit`s of First Name: how the page typed before
    /// `splice`, and a stand-in against a server that does not know `splice` yet.
    case typedEdit = "typed-edit"

    static let editLength = 200

    /// Whether every driver types into the one shared field, keeping a ``Typist`` up to date.
    var isTyping: Bool { self == .splice || self == .typedEdit }

    /// The UTF-8 text of intent number `seq` (1, 2, …) of the kinds that need no typist, on
    /// `target`'s screen and fields.
    func message(seq: Int, target: IntentTarget = .profile) -> [UInt8] {
        precondition(!isTyping, "a typing intent comes from its Typist")
        let key = self == .edit || seq % 2 == 1 ? target.first : target.second
        let action = self == .focus ? "focus" : "edit"
        var text = #"{"type":"intent","seq":\#(seq),"screen":"\#(target.screen)","action":"\#(action)","key":"\#(key)""#
        if self == .edit {
            text += #","value":""# + Self.editValue(seq: seq) + "\"}"
        } else {
            text += "}"
        }
        return Array(text.utf8)
    }

    /// 200 characters that differ for every `seq`, so no edit is answered `unchanged`.
    static func editValue(seq: Int) -> String {
        let number = String(seq)
        let filler = String(repeating: "Ada Lovelace ", count: editLength / 13 + 1)
        return String(filler.prefix(editLength - number.count)) + number
    }

    /// Every bench client gives the same name, so presence and snapshots do not vary in size
    /// with the names a server would pick.
    static func hello(clientId: String) -> [UInt8] {
        Array(#"{"type":"hello","clientId":"\#(clientId)","name":"Bench"}"#.utf8)
    }
}
