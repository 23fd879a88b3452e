import FocusCore
import FocusProtocol

/// The server's half of the text merging, as a child machine of ``SessionMachine``: every text
/// change of each field since ``start``, so a splice made on an older text is transformed to the
/// text now (docs/TEXT-MERGING.md). Its inputs are the splices to rebase and the events of each
/// applied change; its output is the operation a splice becomes, or why it cannot be applied.
struct TextMerging: Sendable {
    private var histories: [FieldName: FieldHistory] = [:]
    /// The revision before the one each screen last came or went at. Its fields' histories start
    /// there, as the page's copies of their texts do (from empty).
    private var shown: [ScreenID: Int] = [:]
    /// The revision from which every text change is in the histories (0, or the revision a
    /// restore started from): a splice based on an earlier revision is `stale_base`.
    let start: Int

    init(start: Int) {
        self.start = start
    }

    /// `splice`, made by `member` on the text `field` had at revision `base`, as an operation on
    /// `text`, the field's text at revision `current`.
    func rebase(
        _ splice: TextSplice, of field: FieldName, base: Int, member: MemberID, current: Int, text: String
    ) -> Result<TextOperation, SpliceError> {
        let history = histories[field] ?? FieldHistory(since: shown[field.screen] ?? start)
        return history.rebase(splice, base: base, member: member.rawValue, current: current, text: text)
    }

    /// `selection`, a member's caret or selection in the text `field` had at revision `base`,
    /// moved over the same history a splice is rebased over: where it is in `text`, the field's
    /// text at revision `current`.
    func rebase(
        _ selection: TextSelection, of field: FieldName, base: Int, current: Int, text: String
    ) -> Result<TextSelection, SpliceError> {
        let history = histories[field] ?? FieldHistory(since: shown[field.screen] ?? start)
        return history.rebase(selection, base: base, current: current, text: text)
    }

    /// Records every text change of an applied change in its field's history (whole-value edits
    /// too: a splice made before one must be transformed over it), under the revision it makes.
    /// The fields of a screen that comes or goes start again from empty texts (see ``SourceRun``),
    /// so their histories start again too: a splice made before is `stale_base`.
    mutating func record(
        _ events: [FocusEvent], lengthBefore: (FocusKey, ScreenID) -> Int, revision: Int, by member: MemberID?
    ) {
        for event in events {
            switch event {
            case .edit(let screen, let key, let ops):
                histories[FieldName(screen, key), default: FieldHistory(since: shown[screen] ?? start)]
                    .record(splices: ops, length: lengthBefore(key, screen), revision: revision, member: member?.rawValue ?? "")
            case .navigate(let from, let to):
                histories = histories.filter { $0.key.screen != from && $0.key.screen != to }
                (shown[from], shown[to]) = (revision - 1, revision - 1)
            case .focus, .state, .timerSet, .restart:
                break
            }
        }
    }
}
