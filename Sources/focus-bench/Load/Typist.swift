/// One typing client's view of the field every typist of a session shares (the seed profile
/// form's `firstName`): the revision it saw last, the field's length and text then, and its caret,
/// kept up to date from every update it receives. It types one letter at a time at its caret.
///
/// A splice's `base` is the last revision seen and `at` the caret in the text of that revision.
/// The caret moves only with updates, never on sending: the server orders two splices of one
/// member at one offset by when it applied them, so keystrokes sent before the first is
/// confirmed still land in order.
struct Typist: Sendable {
    static let screen = "ProfileForm"
    static let key = "firstName"
    /// The drawn field's key and the start of its title (an event names the key too, but no
    /// title); its `"value"` follows in the same view object.
    private static let fieldKey = Array(#""key":"firstName","title":""#.utf8)

    /// The letter this typist types.
    let letter: UInt8
    private(set) var revision = 0
    /// The field's length at `revision`, in UTF-16 code units.
    private(set) var length = 0
    /// Where the next letter goes, at `revision`.
    private(set) var caret = 0
    /// The field's text as last seen (JSON-escaped), for whole-value edits.
    private(set) var text: [UInt8] = []

    init(letter: UInt8) {
        self.letter = letter
    }

    /// Starts from a snapshot: its revision and the field's text, with the caret at the end.
    mutating func observe(snapshot message: ArraySlice<UInt8>) {
        revision = MessageScan.revision(in: message) ?? revision
        if let value = MessageScan.drawnValue(of: Self.fieldKey, in: message) {
            text = Array(value)
            length = MessageScan.utf16Length(ofEscaped: value)
        }
        caret = length
    }

    /// Follows an update: its revision, the splices it applied (which move the caret), and the
    /// field's whole value where the update carries it.
    mutating func observe(update message: ArraySlice<UInt8>, isOwn: Bool) {
        revision = MessageScan.revision(in: message) ?? revision
        for splice in MessageScan.splices(in: message) {
            apply(splice, isOwn: isOwn)
        }
        if let value = MessageScan.drawnValue(of: Self.fieldKey, in: message) {
            text = Array(value)
            length = MessageScan.utf16Length(ofEscaped: value)
            caret = min(caret, length)
        }
    }

    mutating func apply(_ splice: MessageScan.Splice, isOwn: Bool) {
        length += splice.insertLength - splice.delete
        if isOwn {
            caret = splice.at + splice.insertLength
        } else {
            if caret > splice.at { caret -= min(splice.delete, caret - splice.at) }
            if splice.at < caret { caret += splice.insertLength }
        }
        caret = min(max(caret, 0), max(length, 0))
    }

    /// Keystroke `seq` as a splice: one letter inserted at the caret.
    func splice(seq: Int) -> [UInt8] {
        Array(
            #"{"type":"intent","seq":\#(seq),"screen":"\#(Self.screen)","action":"splice","key":"\#(Self.key)","base":\#(revision),"at":\#(caret),"delete":0,"insert":""#
                .utf8)
            + [letter] + Array(#""}"#.utf8)
    }

    /// Keystroke `seq` as a whole-value edit: the text last seen with one letter added.
    func edit(seq: Int) -> [UInt8] {
        Array(#"{"type":"intent","seq":\#(seq),"screen":"\#(Self.screen)","action":"edit","key":"\#(Self.key)","value":""#.utf8)
            + text + [letter] + Array(#""}"#.utf8)
    }
}
