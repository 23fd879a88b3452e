// The inspector: the focus value as Swift prints it, the bindings with their warnings, validation.

import { h } from './dom.js';
import { keyLabel } from './keys.js';

const VALIDATION = { valid: 'Valid', invalid: 'Invalid', null: 'Not validated since the last change' };

export class Inspector {
  constructor(root) {
    this.root = root;
  }

  render({ schema, screen, state }) {
    const declaration = schema[screen];
    const label = (key) => keyLabel(schema, state, screen, key);
    const shownOn = state.focusedField
      ? label(state.focusedField)
      : (state.focus ?? null) === null ? 'no field' : `no field (nothing shows ${state.focusSwift})`;
    const shared = new Set(state.diagnostics.flatMap((diagnostic) => diagnostic.fields ?? []));
    const lists = declaration.lists.map((list) => `${list.id}: ${(state.rows?.[list.id] ?? []).length}`);

    this.root.replaceChildren(...[
      h('dl', { class: 'facts' },
        fact('Focus', h('code', { class: 'focus-swift', id: 'focus-swift', text: state.focusSwift ?? 'nil' })),
        fact('print(focus)', h('code', { class: 'focus-printed', id: 'focus-printed', text: state.focusPrinted })),
        fact('Shown on', shownOn),
        fact('Auto-focus', state.pendingAutoFocus ? `${label(state.pendingAutoFocus)}, on a timer` : 'none pending'),
        lists.length ? fact('Rows', lists.join(', ')) : null,
        fact('Validation', h('span', { class: `validation validation-${state.validation ?? null}`, id: 'validation-state', text: VALIDATION[state.validation ?? null] }))),
      state.bindings.length ? h('table', { class: 'bindings', id: 'bindings' },
        h('caption', { text: 'Bindings' }),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: 'Field' }), h('th', { scope: 'col', text: '.focused(equals:)' }))),
        h('tbody', {}, state.bindings.map((binding) => h('tr', { class: shared.has(binding.field) ? 'binding-shared' : null },
          h('th', { scope: 'row', text: label(binding.field) }),
          h('td', {}, h('code', { text: `.${binding.key}` }), shared.has(binding.field) ? h('span', { class: 'binding-warning', text: ' ⚠ shared' }) : null))))) : null,
      state.diagnostics.length ? h('ul', { class: 'diagnostics', id: 'diagnostics', 'aria-label': 'Warnings' },
        state.diagnostics.map((diagnostic) => h('li', { class: `diagnostic diagnostic-${diagnostic.kind}` },
          h('span', { class: 'diagnostic-icon', 'aria-hidden': 'true', text: '⚠' }), ` ${diagnostic.message}`))) : null,
      Object.keys(state.errors).length ? h('ul', { class: 'inspector-errors', 'aria-label': 'Validation errors' },
        Object.entries(state.errors).map(([key, message]) => h('li', {}, h('strong', { text: `${label(key)}: ` }), message))) : null,
    ].filter(Boolean));
  }
}

function fact(term, value) {
  return [h('dt', { text: term }), h('dd', {}, value)];
}
