import FocusCore
import Testing

/// Controls are called on the wire after the value they edit, so a key reads as the source does
/// and stays put while the source around it changes; a name two controls share falls back to
/// the control's number.
@Suite("Control keys named by the source")
struct ControlNameTests {
    static func names(_ form: ExampleForm, _ titles: [String]) throws -> [String] {
        try titles.map { try form.key($0).description }
    }

    @Test("Fields are called after the value they edit, rows carry their id, buttons are numbered")
    func fieldsRowsAndButtons() throws {
        let login = try ExampleForm("login")
        #expect(try Self.names(login, ["Username", "Password", "Sign In"]) == [".username", ".password", ".c2"])
        var gift = try ExampleForm("seeds/gift")
        try gift.tap("Add new email")
        let email = try #require(gift.keys("Email").first)
        #expect(email.focusCase.rawValue == "email" && email.rowID != nil)
    }

    @Test("A child view's field is called after what its caller passed it")
    func componentsTakeTheCallersName() throws {
        let card = try ExampleForm("child-binding")
        #expect(try Self.names(card, ["Name", "Phone", "Email"]) == [".name", ".phone", ".email"])
    }

    static let shared = """
        import SwiftUI

        struct Shared: View {
            @State private var wide = false
            @State private var name = ""
            @State private var source = ""
            @State private var c1 = ""
            @State private var first_name = ""

            var body: some View {
                Form {
                    if wide {
                        TextField("Wide name", text: $name)
                    } else {
                        TextField("Name", text: $name)
                    }
                    TextField("Source", text: $source)
                    TextField("C1", text: $c1)
                    TextField("Snake", text: $first_name)
                    Toggle("Wide", isOn: $wide)
                }
            }
        }
        """

    @Test("A name two controls share, a reserved name and names that look like numbers or suffixes are numbered")
    func clashesAndReservedNamesAreNumbered() throws {
        let form = try ExampleForm(source: Self.shared)
        #expect(try Self.names(form, ["Name", "Source", "C1", "Snake", "Wide"]) == [".c1", ".c2", ".c3", ".c4", ".wide"])
    }

    static let before = """
        import SwiftUI

        struct Profile: View {
            @State private var name = ""
            @State private var city = ""

            var body: some View {
                Form {
                    TextField("Name", text: $name)
                    TextField("City", text: $city)
                }
            }
        }
        """

    @Test("A key stays the same when a control is added above it, so an edit in flight lands in its field")
    func keysSurviveAnEditAbove() throws {
        var form = try ExampleForm(source: Self.before)
        let city = try form.key("City")
        try form.type("Oslo", into: "City")
        let edited = Self.before.replacingOccurrences(
            of: "            TextField(\"Name\"",
            with: "            Button(\"Clear\") { name = \"\" }\n            TextField(\"Name\"")
        let after = try ExampleForm(source: edited)
        let carried = after.interpreter.carry(form.run, ids: &form.ids)
        let drawn = after.interpreter.draw(carried)
        #expect(try after.key("City") == city && after.key("Clear").description == ".c0")
        #expect(drawn.allViews.first { $0.key == city }?.value == "Oslo")
    }
}
