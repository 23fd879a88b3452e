// Profile (seed 000): two names, Return walks the chain, a keyboard toolbar steps through it.

const MOVE_TAGS = '⟦submit:firstName>⟧';

/** Moving between fields: straight, or through `nil` when the session animates focus changes. */
function moveBody(animated) {
  return animated
    ? [
        '        // Animated: focus goes through nil, the keyboard dips',
        `        focus = field ${MOVE_TAGS}`,
      ]
    : [
        '        // No animation, so focus never passes through nil',
        '        withTransaction(Transaction(animation: nil)) {',
        `            focus = field ${MOVE_TAGS}`,
        '        }',
      ];
}

export default {
  id: 'profile',
  hint: 'Return moves from First Name to Last Name, then lets go. Previous and Next sit on the keyboard.',
  code: (settings) => [
    'struct ProfileForm: View {',
    '    enum Field: Hashable, CaseIterable {',
    '        case firstName, lastName',
    '    }',
    '',
    '    @State private var first = ""',
    '    @State private var last = ""',
    '    @FocusState private var focus: Field?',
    '',
    '    var body: some View {',
    '        Form {',
    '            TextField("First Name", text: $first) ⟦edit:firstName⟧',
    '                .focused($focus, equals: .firstName) ⟦tap:>firstName⟧',
    '                .submitLabel(.next)',
    '                .onSubmit { move(to: .lastName) } ⟦submit:firstName>⟧',
    '            TextField("Last Name", text: $last) ⟦edit:lastName⟧',
    '                .focused($focus, equals: .lastName) ⟦tap:>lastName⟧',
    '                .submitLabel(.done)',
    '                .onSubmit { focus = nil } ⟦submit:lastName>⟧',
    '        }',
    '        .toolbar {',
    '            ToolbarItemGroup(placement: .keyboard) {',
    '                Button("Previous") { step(-1) } ⟦toolbar:lastName>firstName,toolbar:nil>lastName⟧',
    '                Button("Next") { step(+1) } ⟦toolbar:firstName>lastName,toolbar:nil>firstName⟧',
    '            }',
    '        }',
    '    }',
    '',
    '    /// Next and Previous; from nothing, enter at either end.',
    '    private func step(_ offset: Int) {',
    '        let all = Field.allCases',
    '        let target: Int',
    '        if let focus, let index = all.firstIndex(of: focus) {',
    '            target = index + offset',
    '        } else {',
    '            target = offset > 0 ? 0 : all.count - 1',
    '        }',
    '        guard all.indices.contains(target) else { return }',
    '        move(to: all[target])',
    '    }',
    '',
    '    private func move(to field: Field) {',
    ...moveBody(settings.animatedFocusChange),
    '    }',
    '}',
  ],
};
