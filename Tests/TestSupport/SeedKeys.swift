import FocusCore

/// The seed screens' names and field keys, as the programs of `Public/examples/seeds` name them,
/// for tests that spell events and keys by hand.
extension ScreenID {
    public static let profile: ScreenID = "ProfileForm"
    public static let checkout: ScreenID = "CheckoutForm"
    public static let gift: ScreenID = "GiftMessageForm"
    public static let tasks: ScreenID = "ReminderList"
}

extension FocusKey {
    public static let firstName: FocusKey = "firstName"
    public static let lastName: FocusKey = "lastName"
    public static let address: FocusKey = "address"
    public static let phone: FocusKey = "phone"
    public static let message: FocusKey = "message"

    public static func email(id: RowID) -> FocusKey { FocusKey("email", id: id) }
    public static func title(id: RowID) -> FocusKey { FocusKey("title", id: id) }
    public static func notes(id: RowID) -> FocusKey { FocusKey("notes", id: id) }
}
