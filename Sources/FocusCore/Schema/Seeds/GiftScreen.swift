extension FocusCase {
    /// Gift: the case of a recipient email row.
    public static let row: FocusCase = "row"
}

extension FocusKey {
    /// Gift: the message editor.
    public static let message: FocusKey = "message"

    /// Gift: the email field of one recipient row.
    public static func row(id: RowID) -> FocusKey { FocusKey(.row, id: id) }
}

extension ScreenDeclaration {
    /// Seed 001's gift screen: a message editor, focused 750 ms after the screen appears, and a
    /// list of recipient emails that starts with one empty row.
    public static let gift = ScreenDeclaration(
        id: .gift,
        title: "Gift Message",
        focusType: "GiftField",
        fields: [
            FieldDeclaration(
                id: "message", label: "Gift Message", kind: .editor, submitLabel: .return, key: .message,
                rules: [.required(message: "Write a message to go with the gift."), .maximumLength(500)]
            )
        ],
        lists: [
            ListDeclaration(
                id: .emails,
                rowNoun: "Email",
                heading: "Recipients",
                addButton: "Add new email",
                fields: [
                    RowFieldDeclaration(
                        rowCase: .row, label: "Email", kind: .email, submitLabel: .next,
                        rules: [.required(message: "Enter an email address like name@example.com."), .emailAddress],
                        autocomplete: "email"
                    )
                ],
                initialRows: [[:]]
            )
        ],
        appearFocus: AppearFocus(key: .message, afterMilliseconds: 750),
        validateButton: ValidateButton(label: "Send the Gift", validMessage: "Your gift is on its way.")
    )
}
