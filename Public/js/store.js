// The page's copy of the session: a snapshot, then every update's patch merged in, in revision
// order. Everything the page shows comes from here; it derives nothing the server knows. The
// fields' texts are not kept here but in `texts` (field-texts.js), their one owner, which merges
// the page's own typing with everyone else's.

import { mergePatch } from './merge-patch.js';

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

  /** `texts`: the FieldTexts that keeps every field's text. */
  constructor(texts) {
    this.texts = texts;
  }

  get ready() { return this.state !== null; }
  get screen() { return this.state.screen; }
  get settings() { return this.state.settings; }

  screenState(screen = this.state.screen) { return this.state.screens[screen]; }

  /** `newConnection`: the first snapshot on a new socket (see FieldTexts.load). */
  applySnapshot(snapshot, newConnection) {
    this.you = snapshot.you;
    this.role = snapshot.role;
    this.schema = snapshot.schema;
    this.texts.load(snapshot, newConnection);
    this.state = withoutTexts(snapshot.state);
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
    // Texts travel as the splices that changed them; a patch holds a text only when a row comes or goes.
    this.state = withoutTexts(mergePatch(this.state, update.patch));
    this.texts.update(update);
    for (const event of update.events) this.#record({ revision: update.revision, at: update.at, by: update.by, seq: update.seq, event });
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

/** `state` without its screens' `values`: those belong to the FieldTexts. */
function withoutTexts(state) {
  for (const screen of Object.values(state.screens)) delete screen.values;
  return state;
}
