// The page's copy of the session: a snapshot, then every update applied in revision order.

import { parseKey, swiftKey } from './keys.js';

const LOG_LIMIT = 200;
const SERVER = Object.freeze({ name: 'server', color: '#57606a', isServer: true });

export class Store {
  you = null;
  schema = null;
  state = null;
  revision = 0;
  /** Focus log entries, newest first, at most 200. */
  log = [];
  /** Everyone seen in this session: clientId → `{name, color}`. */
  #people = new Map();

  get ready() { return this.state !== null; }
  get screen() { return this.state.screen; }
  get settings() { return this.state.settings; }
  get clients() { return this.state.clients ?? []; }

  screenState(screen = this.state.screen) { return this.state.screens[screen]; }

  applySnapshot(snapshot) {
    this.you = snapshot.you;
    this.schema = snapshot.schema;
    this.state = snapshot.state;
    this.revision = snapshot.revision;
    this.#remember([snapshot.you, ...(snapshot.state.clients ?? [])]);
    this.log = [];
    for (const entry of snapshot.state.log ?? []) {
      if (entry.by) this.#remember([{ clientId: entry.by, name: entry.byName, color: entry.color }]);
      this.#record(entry);
    }
  }

  applyUpdate(update) {
    this.revision = update.revision;
    if (update.state) this.state.screens[update.screen] = update.state;
    if (update.current) this.state.screen = update.current;
    if (update.settings) this.state.settings = { ...this.state.settings, ...update.settings };
    const who = this.person(update.by);
    for (const event of update.events ?? []) {
      if (event.kind === 'settings' && event.settings) this.state.settings = { ...this.state.settings, ...event.settings };
      if (event.screen && event.screen !== update.screen) this.#patch(this.state.screens[event.screen], event);
      this.#record({ revision: update.revision, at: update.at, by: update.by, byName: who.name, color: who.color, seq: update.seq, event });
    }
  }

  applyPresence(clients) {
    this.state.clients = clients;
    this.#remember(clients);
  }

  /** `{name, color, isYou, isServer}` for a clientId; `null` stands for the server itself. */
  person(clientId) {
    if (clientId === null || clientId === undefined) return SERVER;
    const known = this.#people.get(clientId) ?? { name: clientId, color: '#57606a' };
    return { ...known, isYou: clientId === this.you?.clientId, isServer: false };
  }

  /** The log entry of the last focus move on `screen`, or null when focus was released. */
  lastFocusMove(screen) {
    const entry = this.log.find((candidate) => candidate.event.screen === screen);
    return entry && entry.event.to !== null ? entry : null;
  }

  /**
   * An update carries the state of one screen, but its events may touch another (leaving a screen
   * releases its focus; a valid checkout schedules the gift's auto-focus): follow them there.
   */
  #patch(screen, event) {
    if (!screen) return;
    if (event.kind === 'focus') {
      const bound = event.to === null || event.to.includes('/') ? event.to
        : screen.bindings?.findLast((binding) => binding.key === event.to)?.field ?? null;
      Object.assign(screen, { focus: event.to, focusedField: bound, focusSwift: swiftKey(event.to, { full: true }) });
      if (Object.hasOwn(screen, 'focusedRow')) screen.focusedRow = parseKey(bound)?.row ?? null;
    } else if (event.kind === 'autoFocusScheduled') {
      screen.pendingAutoFocus = event.key;
    } else if (event.kind === 'autoFocusCancelled') {
      screen.pendingAutoFocus = null;
    }
  }

  #remember(clients) {
    for (const client of clients) {
      if (client?.clientId) this.#people.set(client.clientId, { name: client.name, color: client.color });
    }
  }

  #record(entry) {
    if (entry.event?.kind !== 'focus') return;
    this.log.unshift(entry);
    if (this.log.length > LOG_LIMIT) this.log.length = LOG_LIMIT;
  }
}
