import FocusCore
import FocusProtocol

extension SourceRun {
    /// The edited text, when it is not the one that runs.
    var editedText: String? { runsText ? nil : text }

    /// The source edited by `splices` (already rebased onto it); the program runs on until the
    /// host has compiled the new text (``SessionMachine`` asks it to).
    mutating func edit(_ splices: [TextSplice]) -> Ran {
        var edited = text
        TextOperation(splices: splices, length: edited.utf16Length).apply(to: &edited)
        guard edited != text else { return Ran() }
        text = edited
        textChecked = false
        // The colours were the old text's: none until the new one is read.
        textHighlights = []
        var ran = Ran()
        ran.append(.edit(screen: .sourceText, key: .sourceText, ops: splices), line: nil)
        return ran
    }

    /// `checked` is what reading the source `text` said: the text is now it and its
    /// diagnostics are these; the program is replaced when it has no errors and differs from the
    /// one running. Values and focus whose names and cases still exist are kept.
    mutating func check(_ checked: CompiledSource, ids: inout some RandomNumberGenerator) -> Ran {
        text = checked.source
        textDiagnostics = checked.diagnostics
        textHighlights = checked.highlights
        textChecked = true
        guard checked.program != nil, checked != compiled else { return Ran() }
        return replace(with: checked, ids: &ids)
    }
}

extension FocusEvent {
    /// Whether the event is an edit of the session's source.
    var editsSource: Bool {
        if case .edit(_, .sourceText, _) = self { return true }
        return false
    }
}
