// Profile (seed 000): two names, Return walks the chain, a keyboard toolbar steps through it.

import { swift, moveFunction } from './swift-source.js';

export default {
  id: 'profile',
  hint: 'Return moves from First Name to Last Name, then lets go. Previous and Next sit on the keyboard.',
  code: (settings) => swift`
import SwiftUI

struct ProfileForm: View { ⟦navigate⟧
    enum Field: Hashable, CaseIterable {
        case firstName, lastName
    }

    @State private var firstName = ""
    @State private var lastName = ""
    @FocusState private var focus: Field? ⟦tap:>nil⟧

    var body: some View {
        Form {
            TextField("First Name", text: $firstName) ⟦edit:firstName⟧
                .focused($focus, equals: .firstName) ⟦tap:>firstName⟧
                .submitLabel(.next)
                .onSubmit { move(to: .lastName) } ⟦submit:firstName>⟧
            TextField("Last Name", text: $lastName) ⟦edit:lastName⟧
                .focused($focus, equals: .lastName) ⟦tap:>lastName⟧
                .submitLabel(.done)
                .onSubmit { focus = nil } ⟦submit:lastName>⟧
        }
        .toolbar {
            ToolbarItemGroup(placement: .keyboard) {
                Button("Previous") { step(by: -1) } ⟦toolbar:lastName>firstName,toolbar:nil>lastName⟧
                Button("Next") { step(by: +1) } ⟦toolbar:firstName>lastName,toolbar:nil>firstName⟧
            }
        }
    }

    /// Previous and Next; with nothing focused they enter at either end.
    private func step(by offset: Int) {
        let fields = Field.allCases
        let target: Int
        if let focus, let index = fields.firstIndex(of: focus) {
            target = index + offset
        } else {
            target = offset > 0 ? 0 : fields.count - 1
        }
        guard fields.indices.contains(target) else { return }
        move(to: fields[target])
    }

${moveFunction('Field', settings.animatedFocusChange)}
}
`,
};
