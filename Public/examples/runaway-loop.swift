import SwiftUI

/// A button whose loop never stops: the session stops it after its step budget, changes
/// nothing, says so to the person who tapped it, and every other button goes on working.
struct CounterScreen: View {
    @State private var count = 0
    @FocusState private var editing: Bool
    @State private var label = "Counter"

    var body: some View {
        VStack {
            TextField("Label", text: $label)
                .focused($editing)
            Text("\(label): \(count)")
            Button("Add one") { count += 1 }
            Button("Count forever") { countForever() }
        }
    }

    private func countForever() {
        for step in 0..<1_000_000_000 {
            count = step
        }
    }
}
