import SwiftUI

/// A form with a focus bug to find. Tap Email: the focus value reads `.name`, as if Name had
/// focus. Press Return in Name: it asks for `.email`, which no field answers to, so focus leaves
/// the form. The warnings beside the source say where the mistake is.
struct NewsletterForm: View {
    enum Field: Hashable {
        case name, email, city
    }

    @State private var name = ""
    @State private var email = ""
    @State private var city = ""
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            TextField("Name", text: $name)
                .focused($focus, equals: .name)
                .onSubmit { focus = .email }
            TextField("Email", text: $email)
                .focused($focus, equals: .name)
                .onSubmit { focus = .city }
            TextField("City", text: $city)
                .focused($focus, equals: .city)
        }
    }
}
