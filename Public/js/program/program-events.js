// A program session's events in words, for the log and the inspector: a state change as Swift
// assigns it (`focusedField = .password`), a timer with its delay, a focus move between the
// controls' titles, a restart.

import { EventKind } from '../protocol.js';

/**
 * `event` in a few words; `titleOf(key)` names a control key as drawn (null for one not drawn,
 * which then reads as its key).
 */
export function describeEvent(event, titleOf) {
  const name = (key) => (key === null || key === undefined ? 'nil' : titleOf(key) ?? key);
  switch (event.kind) {
    case EventKind.state: return `${event.name} = ${event.value}`;
    case EventKind.timerSet: return `timer set for ${event.afterMilliseconds} ms`;
    case EventKind.focus: return `${name(event.from)} → ${name(event.to)}`;
    case EventKind.navigate: return `${event.from} → ${event.to}`;
    case EventKind.restart: return `restarted: ${event.screen} appears`;
    default: return event.kind;
  }
}
