import FocusCore
import FocusProtocol

/// The editors' carets in the source: a `caret` message checked and moved to the session's
/// revision, as a splice is rebased, then kept and shared by ``CaretSharing``.
extension SessionMachine {
    /// A `caret` message from `clientId`: its place in the source at the message's revision,
    /// moved over the source's history to now, or `nil` (in no text). A viewer is refused with
    /// `read_only`, another key with `unknown_key`, a place outside the text at its revision, or a
    /// revision not reached, with `bad_caret`. Ignored, unanswered: a revision older than the
    /// source's history reaches back to (the page's copy is that far behind, and a snapshot is on
    /// its way), and the carets of editors beyond the named ones (a crowd's carets would cost
    /// every member a message per caret).
    mutating func placeCaret(
        _ place: CaretPlace?, from connection: ConnectionID, clientId: String, role: Role, at time: MachineTime,
        into outputs: inout [SessionOutput]
    ) {
        guard role == .editor else {
            refuse(
                connection, ProtocolError(.readOnly, "This is a viewer link: its caret is not shown to others."), into: &outputs)
            return
        }
        guard let member = membership[clientId]?.member.member, membership.roster.isNamed(clientId) else { return }
        guard let place else {
            carets.place(nil, of: member, revision: revision, at: time, into: &outputs)
            return
        }
        guard place.key == .sourceText else {
            refuse(
                connection,
                ProtocolError(.unknownKey, "Carets are shared in the source alone (key 'source'), not in '\(place.key.name)'."),
                into: &outputs)
            return
        }
        let selection = TextSelection(start: place.at, end: place.at + place.length)
        let field = FieldName(.sourceText, .sourceText)
        switch texts.rebase(selection, of: field, base: place.revision, current: revision, text: program.source.text) {
        case .success(let moved):
            carets.place(moved, of: member, revision: revision, at: time, into: &outputs)
        case .failure(.baseTooOld):
            return
        case .failure(let error):
            refuse(connection, ProtocolError(.badCaret, Self.caretProblem(error, place)), into: &outputs)
        }
    }

    /// What is wrong with a caret the source's history refused, in a sentence.
    private static func caretProblem(_ error: SpliceError, _ place: CaretPlace) -> String {
        switch error {
        case .baseInFuture(let base, let current):
            "The caret is at revision \(base), but the session is at revision \(current); send the revision of the text you show."
        case .pastEnd(_, let length):
            "The caret (at \(place.at), length \(place.length)) reaches past the end of the source, which was \(length) UTF-16 code units long at revision \(place.revision)."
        case .negative, .insideSurrogatePair, .baseTooOld:
            "The caret (at \(place.at), length \(place.length)) has a negative offset or length; offsets count UTF-16 code units from 0."
        }
    }

    /// A `view` message from `clientId`: the first line of the source its editor shows, shared
    /// as its caret is (viewers follow the presenter's). A viewer is refused with `read_only`;
    /// an editor beyond the named ones is not shared.
    mutating func showLines(
        from top: Int, for connection: ConnectionID, clientId: String, role: Role, at time: MachineTime,
        into outputs: inout [SessionOutput]
    ) {
        guard role == .editor else {
            refuse(
                connection, ProtocolError(.readOnly, "This is a viewer link: what it shows is not shown to others."),
                into: &outputs)
            return
        }
        guard let member = membership[clientId]?.member.member, membership.roster.isNamed(clientId) else { return }
        carets.view(top, of: member, revision: revision, at: time, into: &outputs)
    }
}
