import SwiftUI

/// `Field` has a case no field is bound to: Skip asks for `.comments`, which nothing answers
/// to, so focus leaves the form (a warning says so beside the source).
struct FeedbackForm: View {
    enum Field: Hashable {
        case rating, comments
    }

    @State private var rating = ""
    @FocusState private var focus: Field?

    var body: some View {
        Form {
            TextField("Rating (1 to 5)", text: $rating)
                .focused($focus, equals: .rating)
                .keyboardType(.numberPad)
            Button("Skip to comments") { focus = .comments }
        }
        .onAppear { focus = .rating }
    }
}
