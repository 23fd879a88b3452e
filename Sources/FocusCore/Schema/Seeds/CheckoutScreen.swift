extension FocusKey {
    /// Checkout: Name.
    public static let name: FocusKey = "name"
    /// Checkout: Address.
    public static let address: FocusKey = "address"
    /// Checkout: Phone.
    public static let phone: FocusKey = "phone"
}

extension ScreenDeclaration {
    /// Seed 001's checkout form: name, address and phone, all required. It focuses Name when it
    /// appears, and Proceed moves on to the gift screen once every field is valid. With the
    /// session's `ambiguousAddressBinding` on, Address is bound to `.name` as well.
    public static let checkout = ScreenDeclaration(
        id: .checkout,
        title: "Checkout",
        focusType: "CheckoutField",
        fields: [
            FieldDeclaration(
                id: "name", label: "Name", key: .name,
                rules: [.required(message: "Enter the recipient's name."), .maximumLength(100)],
                autocomplete: "name"
            ),
            FieldDeclaration(
                id: "address", label: "Address", key: .address, mistakenKey: .name,
                rules: [.required(message: "Enter a street address."), .maximumLength(200)],
                autocomplete: "address-line1"
            ),
            FieldDeclaration(
                id: "phone", label: "Phone", kind: .phone, submitLabel: .done, key: .phone,
                rules: [.required(message: "Enter a phone number so the courier can call."), .phoneNumber],
                autocomplete: "tel"
            ),
        ],
        appearFocus: AppearFocus(key: .name),
        validateButton: ValidateButton(label: "Proceed to Gift Message", navigatesOnValid: .gift)
    )
}
