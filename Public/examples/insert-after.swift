import SwiftUI

/// A packing list keyed by id: Return in an item inserts a new item right after it and focuses
/// it, so the list grows where you type, as in Reminders.
struct PackingList: View {
    struct Item: Identifiable {
        let id = UUID()
        var name = ""
    }

    @State private var items = [Item(name: "Passport"), Item(name: "Charger")]
    @FocusState private var focused: UUID?

    var body: some View {
        List {
            ForEach($items) { $item in
                TextField("Item", text: $item.name)
                    .focused($focused, equals: item.id)
                    .submitLabel(.next)
                    .onSubmit { insertItem(after: item.id) }
            }
            Button("Add item") { insertItem(after: items.last?.id) }
        }
    }

    private func insertItem(after id: UUID?) {
        let item = Item()
        if let id, let index = items.firstIndex(where: { $0.id == id }) {
            items.insert(item, at: index + 1)
        } else {
            items.append(item)
        }
        focused = item.id
    }
}
