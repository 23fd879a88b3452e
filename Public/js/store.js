// The page's copy of the session: a snapshot, then every update's patch merged in, in revision
// order. Everything the page shows comes from here; it derives nothing the server knows.

import { mergePatch } from './merge-patch.js';
import { applySplice } from './text-ot.js';

const LOG_LIMIT = 200;
const SERVER = Object.freeze({ name: 'server', color: '#57606a', isServer: true, isYou: false });

export class Store {
  /** `{member, name, color}` of this browser. */
  you = null;
  role = 'editor';
  schema = null;
  state = null;
  revision = 0;
  /** Focus log entries, newest first, at most 200. */
  log = [];
  /** Everyone the session remembers: member id → `{member, name, color}`. */
  #people = new Map();
  /** The named members connected now, in the order they arrived (the first editors). */
  present = [];
  /** How many are connected: `{editors, viewers}` (more editors than are named, in a crowd). */
  count = { editors: 0, viewers: 0 };

  get ready() { return this.state !== null; }
  get screen() { return this.state.screen; }
  get settings() { return this.state.settings; }

  screenState(screen = this.state.screen) { return this.state.screens[screen]; }

  applySnapshot(snapshot) {
    this.you = snapshot.you;
    this.role = snapshot.role;
    this.schema = snapshot.schema;
    this.state = snapshot.state;
    this.revision = snapshot.revision;
    this.#people = new Map(snapshot.members.map((member) => [member.member, member]));
    this.present = [...snapshot.present];
    this.count = snapshot.count;
    this.log = [];
    for (const entry of snapshot.log) this.#record(entry);
  }

  /** Applies an update; false when it does not follow on from this copy (the caller resyncs). */
  applyUpdate(update) {
    if (update.revision !== this.revision + 1) return false;
    this.revision = update.revision;
    this.state = mergePatch(this.state, update.patch);
    for (const event of update.events) {
      // Texts travel as the splices that changed them, never in the patch.
      if (event.kind === 'edit') {
        const values = this.state.screens[event.screen].values;
        values[event.key] = event.ops.reduce(applySplice, values[event.key] ?? '');
      }
      this.#record({ revision: update.revision, at: update.at, by: update.by, seq: update.seq, event });
    }
    return true;
  }

  applyPresence({ joined, left, renamed, count }) {
    this.count = count;
    for (const member of [...joined, ...renamed]) this.#people.set(member.member, member);
    for (const member of joined) if (!this.present.includes(member.member)) this.present.push(member.member);
    this.present = this.present.filter((member) => !left.includes(member));
  }

  /** The people connected now, as `{member, name, color, isYou}`. */
  people() {
    return this.present.map((member) => this.person(member));
  }

  /** `{name, color, isYou, isServer}` for a member id; `null` stands for the server itself. */
  person(member) {
    if (member === null || member === undefined) return SERVER;
    const known = this.#people.get(member) ?? { member, name: member, color: SERVER.color };
    return { ...known, isYou: member === this.you?.member, isServer: false };
  }

  /** The log entry of the last focus move on `screen`, or null when focus was released. */
  lastFocusMove(screen) {
    const entry = this.log.find((candidate) => candidate.event.screen === screen);
    return entry && entry.event.to !== null ? entry : null;
  }

  #record(entry) {
    if (entry.event?.kind !== 'focus') return;
    this.log.unshift(entry);
    if (this.log.length > LOG_LIMIT) this.log.length = LOG_LIMIT;
  }
}
