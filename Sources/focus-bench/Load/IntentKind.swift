/// What a driving client sends: protocol v1 `intent` messages on the profile screen.
enum IntentKind: String, Sendable, Encodable {
    /// Taps alternating between First Name and Last Name, so every one moves focus.
    case focus
    /// Edits of First Name, each a different 200-character value.
    case edit

    static let editLength = 200

    /// The UTF-8 text of intent number `seq` (1, 2, …).
    func message(seq: Int) -> [UInt8] {
        let key = self == .edit || seq % 2 == 1 ? "firstName" : "lastName"
        var text = #"{"type":"intent","seq":\#(seq),"screen":"profile","action":"\#(rawValue)","key":"\#(key)""#
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

    static func hello(clientId: String) -> [UInt8] {
        Array(#"{"type":"hello","clientId":"\#(clientId)"}"#.utf8)
    }
}
