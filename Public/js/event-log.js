// The focus event log: newest first, the last 200, with cause, who and when.

import { h } from './dom.js';

const CAUSES = {
  tap: 'tap', submit: 'Return', toolbar: 'toolbar', validation: 'validation', autoFocus: 'auto-focus',
  rowAdded: 'row added', rowRemoved: 'row removed', navigation: 'navigation', binding: 'binding',
};

export class EventLog {
  constructor(root) {
    this.root = root;
  }

  /**
   * `entries`: newest first; `person(member)` gives `{name, color, isYou}`; `label(screen, key)`
   * the label people read for a key (`Last Name`, `Email 2`, `nothing`).
   */
  render(entries, person, label) {
    if (!entries.length) {
      this.root.replaceChildren(h('li', { class: 'event-empty', text: 'No focus changes yet.' }));
      return;
    }
    this.root.replaceChildren(...entries.map((entry) => this.#item(entry, person(entry.by), label)));
  }

  #item({ at, event }, who, label) {
    const dot = h('span', { class: 'person-dot', 'aria-hidden': 'true' });
    dot.style.backgroundColor = who.color;
    return h('li', { class: 'event', dataset: { cause: event.cause, screen: event.screen } },
      h('span', { class: 'event-move' },
        h('span', { text: label(event.screen, event.from) }), h('span', { class: 'event-arrow', text: ' → ' }),
        h('span', { text: label(event.screen, event.to) })),
      h('span', { class: 'event-cause', text: CAUSES[event.cause] ?? event.cause }),
      h('span', { class: 'event-who' }, dot, who.isYou ? `${who.name} (you)` : who.name),
      h('time', { class: 'event-time', datetime: new Date(at).toISOString(), text: clock(at) }));
  }
}

function clock(milliseconds) {
  const date = new Date(milliseconds);
  const pad = (value, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
