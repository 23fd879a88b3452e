// Helpers for the SwiftUI each screen shows: a template tag that turns a block of Swift into
// lines, and the one function every screen moves focus through, which the session's animation
// switch rewrites.

/**
 * `swift` template tag: the Swift between the backticks as an array of lines, raw (backslashes
 * stay as written). The line breaks just inside the backticks are dropped; an interpolated array
 * of lines is spliced in where it stands.
 */
export function swift(strings, ...values) {
  const parts = values.map((value) => (Array.isArray(value) ? value.join('\n') : value));
  return String.raw({ raw: strings.raw }, ...parts).replace(/^\n/, '').replace(/\n$/, '').split('\n');
}

/**
 * `move(to:)`, indented one level inside a view: field-to-field moves go through it. Without
 * animation the assignment is wrapped in a transaction that turns animation off, so focus never
 * passes through `nil` and the keyboard stays up (seed 000); with it, a plain assignment.
 */
export function moveFunction(type, animated) {
  return animated
    ? [
        '    /// Animated: on its way to the next field focus passes',
        '    /// through nil, so the keyboard dips and comes back.',
        `    private func move(to field: ${type}) {`,
        '        focus = field',
        '    }',
      ]
    : [
        '    /// Without animation focus goes straight to the next field,',
        '    /// never through nil, so the keyboard stays up.',
        `    private func move(to field: ${type}) {`,
        '        withTransaction(Transaction(animation: nil)) {',
        '            focus = field',
        '        }',
        '    }',
      ];
}
