extension FocusKey {
    /// Profile: First Name.
    public static let firstName: FocusKey = "firstName"
    /// Profile: Last Name.
    public static let lastName: FocusKey = "lastName"
}

extension ScreenDeclaration {
    /// Seed 000: first and last name; Return moves from the first to the last and then
    /// releases focus; the keyboard toolbar has Previous and Next.
    public static let profile = ScreenDeclaration(
        id: .profile,
        title: "Profile",
        focusType: "ProfileForm.Field",
        keyboardToolbar: true,
        fields: [
            FieldDeclaration(
                id: "firstName", label: "First Name", submitLabel: .next, key: .firstName, autocomplete: "given-name"),
            FieldDeclaration(
                id: "lastName", label: "Last Name", submitLabel: .done, key: .lastName, autocomplete: "family-name"),
        ]
    )
}
