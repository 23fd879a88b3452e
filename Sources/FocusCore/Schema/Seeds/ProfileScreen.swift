extension ScreenDeclaration {
    /// Seed 000: first and last name; Return moves from the first to the last and then
    /// releases focus; the keyboard toolbar has Previous and Next.
    public static let profile = ScreenDeclaration(
        id: .profile,
        title: "Profile",
        fields: [
            FieldDeclaration(id: "firstName", label: "First Name", submitLabel: .next, key: .firstName),
            FieldDeclaration(id: "lastName", label: "Last Name", submitLabel: .done, key: .lastName),
        ]
    )
}
