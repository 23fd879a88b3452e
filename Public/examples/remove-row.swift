import SwiftUI

/// Deleting the focused guest moves focus to the guest who takes its place, or the one before
/// it, or nowhere when the list is empty.
struct GuestList: View {
    struct Guest: Identifiable {
        let id = UUID()
        var name: String
    }

    @State private var guests = [Guest(name: "Ada"), Guest(name: "Grace"), Guest(name: "Alan")]
    @FocusState private var focused: UUID?

    var body: some View {
        List {
            ForEach($guests) { $guest in
                HStack {
                    TextField("Guest", text: $guest.name)
                        .focused($focused, equals: guest.id)
                    Button("Remove") { remove(guest.id) }
                }
            }
            Button("Remove empty names") {
                guests.removeAll(where: { $0.name.isEmpty })
            }
        }
    }

    private func remove(_ id: UUID) {
        guard let index = guests.firstIndex(where: { $0.id == id }) else { return }
        let hadFocus = focused == id
        guests.remove(at: index)
        guard hadFocus, !guests.isEmpty else { return }
        focused = guests[min(index, guests.count - 1)].id
    }
}
