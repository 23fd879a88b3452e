import FocusProtocol
import Foundation

/// The seed screens: what a session created without a source runs, the files
/// `Public/examples/seeds/profile.swift`, `checkout.swift`, `gift.swift` and `tasks.swift` joined
/// in that order into one SwiftUI source. On the wire a screen is named after its view struct.
public enum Seed {
    /// First Name and Last Name (`firstName`, `lastName`), Previous and Next above the keyboard.
    public static let profile = "ProfileForm"
    /// Name, Address and Phone (`name`, `address`, `phone`): Name has focus when it appears.
    public static let checkout = "CheckoutForm"
    /// The message editor (`message`) and a row of emails (`email/<row id>`): the message takes
    /// focus 0.75 s after the screen appears.
    public static let gift = "GiftMessageForm"
    /// Three reminders (`title/<row id>`, and `notes/<row id>` while the row has focus).
    public static let tasks = "ReminderList"
    /// The screens in source order, as `state.program.screens` lists them; the first shows first.
    public static let screens = [profile, checkout, gift, tasks]
    /// The seed files in the order the server joins them.
    public static let files = ["profile.swift", "checkout.swift", "gift.swift", "tasks.swift"]

    /// The seed folder of this checkout (`Public/examples/seeds`).
    public static let folder = ServerProcess.examplesFolder.appendingPathComponent("seeds")

    /// The source a new session runs; `swaps` puts other files of the seed folder in place of
    /// seed files (`["profile.swift": "profile-animated.swift"]`), for a variant to
    /// `PUT …/source`.
    public static func source(swapping swaps: [String: String] = [:]) throws -> String {
        try files.map { try String(contentsOf: folder.appendingPathComponent(swaps[$0] ?? $0), encoding: .utf8) }
            .joined(separator: "\n")
    }
}

/// Reading a drawn screen (`state.program.drawn`, or a patch's `program.drawn`).
extension JSONValue {
    /// Every view drawn, depth first in draw order, then the buttons of the keyboard toolbar and
    /// of the toolbar.
    public var drawnViews: [JSONValue] {
        var views: [JSONValue] = []
        func visit(_ level: [JSONValue]) {
            for view in level {
                views.append(view)
                visit(view["content"].array)
            }
        }
        visit(self["content"].array)
        visit(self["keyboardToolbar"].array)
        visit(self["toolbar"].array)
        return views
    }

    /// The key of the first control titled `title`; with `row`, of the one in that row (its key
    /// ends in `/<row id>`).
    public func key(titled title: String, row: String? = nil) -> String? {
        drawnViews.first { view in
            view["title"].string == title && (row.map { view["key"].string?.hasSuffix("/" + $0) == true } ?? true)
        }?["key"].string
    }

    /// The text of the field whose key is `key`, or `nil` when no field has it.
    public func value(of key: String) -> String? {
        drawnViews.first { $0["key"].string == key && $0["value"] != .null }?["value"].string
    }

    /// The keys of the text fields and editors, in draw order.
    public var fieldKeys: [String] {
        drawnViews.filter { ["textField", "secureField", "textEditor"].contains($0["kind"].string) }
            .compactMap { $0["key"].string }
    }

    /// The row ids of the fields whose keys are `field/<row id>`, in draw order.
    public func rows(of field: String) -> [String] {
        fieldKeys.compactMap { key in key.hasPrefix(field + "/") ? String(key.dropFirst(field.count + 1)) : nil }
    }
}

extension ProtocolClient {
    /// The screen showing, as this client's copy of the session has it.
    public var drawn: JSONValue { state["program"]["drawn"] }

    /// The name of the screen showing (its view struct's).
    public var screenName: String? { state["screen"].string }

    /// The key of the field with focus, `nil` when none has it.
    public var focused: String? { drawn["focused"].string }

    /// The text of the field `key` on the screen showing.
    public func value(of key: String) -> String? { drawn.value(of: key) }

    /// The key of the control titled `title` on the screen showing (in `row`, when given).
    public func key(titled title: String, row: String? = nil) -> String? { drawn.key(titled: title, row: row) }

    /// The value of the `@FocusState` called `name` as Swift prints it (`.firstName`, `nil`).
    public func focusValue(_ name: String = "focus") -> String? {
        drawn["focusValues"].array.first { $0["name"].string == name }?["value"].string
    }
}
