// The inspector: every focus state and `@State` as Swift prints it (the server's words), which
// control has focus, and the last event with its line.

import { h } from '../dom.js';
import { describeEvent } from './program-events.js';

export class ProgramInspector {
  constructor(root) {
    this.root = root;
  }

  /** `drawn`: the DrawnScreen; `titleOf(key)`: a control's title; `last`: the newest log entry, or null. */
  render({ drawn, titleOf, last }) {
    const focused = drawn.focused ?? null;
    this.root.replaceChildren(
      h('dl', { class: 'facts' },
        fact('Screen', h('code', { text: drawn.name })),
        (drawn.focusValues ?? []).flatMap((value) => fact(`@FocusState ${value.name}`,
          h('code', { class: 'focus-swift', dataset: { name: value.name }, text: value.value }))),
        fact('Shown on', focused === null ? 'no field' : titleOf(focused) ?? focused),
        last ? fact('Last event', [describeEvent(last.event, titleOf), last.line ? h('span', { class: 'event-line', text: ` · line ${last.line}` }) : null]) : null),
      (drawn.stateValues ?? []).length ? h('table', { class: 'bindings program-state', id: 'program-state' },
        h('caption', { text: '@State' }),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: 'Name' }), h('th', { scope: 'col', text: 'Value' }))),
        h('tbody', {}, drawn.stateValues.map((value) => h('tr', { dataset: { name: value.name } },
          h('th', { scope: 'row', text: value.name }), h('td', {}, h('code', { text: value.value })))))) : null,
    );
  }
}

function fact(term, value) {
  return [h('dt', { text: term }), h('dd', {}, value)];
}
