// The event log: focus moves, state changes, timers and restarts, newest first, the last 200,
// each with its source line, cause, who and when.

import { h } from './dom.js';
import { EventKind } from './protocol.js';

/** A focus move's cause in words, where they differ from the server's. */
const CAUSES = { submit: 'Return', autoFocus: 'auto-focus', dismiss: 'dismiss key' };

export class EventLog {
  constructor(root) {
    this.root = root;
  }

  /**
   * `entries`: newest first; `person(member)` gives `{name, color, isYou}`; `label(key)` the
   * words people read for a control key (`Last Name`, `nil`).
   */
  render(entries, person, label) {
    if (!entries.length) {
      this.root.replaceChildren(h('li', { class: 'event-empty', text: 'No events yet.' }));
      return;
    }
    this.root.replaceChildren(...entries.map((entry) => this.#item(entry, person(entry.by), label)));
  }

  #item({ at, event, line = null }, who, label) {
    const dot = h('span', { class: 'person-dot', 'aria-hidden': 'true' });
    dot.style.backgroundColor = who.color;
    return h('li', { class: 'event', dataset: { cause: event.cause ?? event.kind, screen: event.screen, kind: event.kind } },
      h('span', { class: 'event-move' }, what(event, label),
        line ? h('span', { class: 'event-line', dataset: { line: String(line) }, text: ` · line ${line}` }) : null),
      h('span', { class: 'event-cause', text: cause(event) }),
      h('span', { class: 'event-who' }, dot, who.isYou ? `${who.name} (you)` : who.name),
      h('time', { class: 'event-time', datetime: new Date(at).toISOString(), text: clock(at) }));
  }
}

/** What happened: a focus move between labels, a state's new value, a timer, a restart. */
function what(event, label) {
  if (event.kind === EventKind.state) return h('code', { text: `${event.name} = ${event.value}` });
  if (event.kind === EventKind.timerSet) return h('span', { text: `timer: ${event.afterMilliseconds} ms` });
  if (event.kind === EventKind.restart) return h('span', { text: `program restarted: ${event.screen} appears` });
  return [h('span', { text: label(event.from) }), h('span', { class: 'event-arrow', text: ' → ' }),
    h('span', { text: label(event.to) })];
}

function cause(event) {
  if (event.kind === EventKind.state) return 'state';
  if (event.kind === EventKind.timerSet) return 'timer';
  if (event.kind === EventKind.restart) return 'restart';
  return CAUSES[event.cause] ?? event.cause;
}

function clock(milliseconds) {
  const date = new Date(milliseconds);
  const pad = (value, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
