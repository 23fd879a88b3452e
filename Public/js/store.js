// The page's copy of the session: a snapshot, then every update's patch applied and its events
// logged, in revision order. Everything the page shows comes from here; it derives nothing the
// server knows. The fields' texts are not kept here but in `texts` (field-texts.js), their one
// owner, which merges the page's own typing with everyone else's.

import { mergePatch } from './merge-patch.js';
import { textsOf } from './field-texts.js';
import { EventKind, SourceText } from './protocol.js';

const LOG_LIMIT = 200;
/** How many revisions the timeline marks (focus moves and source edits, newest kept). */
const MARK_LIMIT = 1000;
/** The events the log shows: focus moves, state changes, timers and restarts. */
const LOGGED = new Set([EventKind.focus, EventKind.state, EventKind.timerSet, EventKind.restart]);
const SERVER = Object.freeze({ name: 'server', color: '#57606a', isServer: true, isYou: false });

export class Store {
  /** `{member, name, color}` of this browser. */
  you = null;
  role = 'editor';
  /** The session's read-only capability (editors only), for the watch-only link. */
  viewer = null;
  state = null;
  revision = 0;
  /** The earliest revision the timeline can show. */
  earliest = 0;
  /** Log entries (focus moves, state changes, timers, restarts), newest first, at most 200. */
  log = [];
  /**
   * The revisions the timeline marks, oldest first: `{revision, kind}`, `kind` `focus` (focus
   * moved) or `source` (the source was edited), one of each kind a revision at most.
   */
  marks = [];
  /** Everyone the session remembers: member id → `{member, name, color}`. */
  #people = new Map();
  /** The named members connected now, in the order they arrived (the first editors). */
  present = [];
  /** How many are connected: `{editors, viewers}` (more editors than are named, in a crowd). */
  count = { editors: 0, viewers: 0 };
  /**
   * Who presents and what they steer: `{presenter, present, revision, followLock, slowMotion,
   * waiting, timers}` (PROTOCOL.md, "The presenter").
   */
  presentation = { presenter: null, present: false, revision: null, followLock: false, slowMotion: false, waiting: 0, timers: [] };

  /** `texts`: the FieldTexts that keeps every field's text. */
  constructor(texts) {
    this.texts = texts;
  }

  get ready() { return this.state !== null; }
  get screen() { return this.state.screen; }
  /** The lesson the session follows (`{lesson, step, hint, complete}`), or null. */
  get lesson() { return this.state.lesson ?? null; }
  /** The lesson written for the session's own source (a whole lesson, as the catalogue's), or null. */
  get customLesson() { return this.state.customLesson ?? null; }
  /** The program the session runs: `{source, diagnostics, highlights, screens, drawn}`. */
  get program() { return this.state.program; }
  /** Step while someone has it on (`{by, action?, at?, statements?}`), or null. */
  get stepping() { return this.state.stepping ?? null; }
  /** The control key that has focus on the screen drawn, or null. */
  get focused() { return this.program.drawn.focused ?? null; }

  /**
   * A snapshot of a session running a program (the page draws no other); `newConnection`: the
   * first snapshot on a new socket (see FieldTexts.load).
   */
  applySnapshot(snapshot, newConnection) {
    this.you = snapshot.you;
    this.role = snapshot.role;
    this.viewer = snapshot.viewer ?? null;
    this.texts.load(snapshot, newConnection);
    this.state = snapshot.state;
    this.revision = snapshot.revision;
    this.earliest = snapshot.earliest ?? 0;
    this.#people = new Map(snapshot.members.map((member) => [member.member, member]));
    this.present = [...snapshot.present];
    this.count = snapshot.count;
    if (snapshot.presentation) this.presentation = snapshot.presentation;
    this.log = [];
    this.marks = [];
    for (const entry of snapshot.log) this.#record(entry);
  }

  /** Applies an update; false when it does not follow on from this copy (the caller resyncs). */
  applyUpdate(update) {
    if (update.revision !== this.revision + 1) return false;
    this.revision = update.revision;
    // The patch carries the drawn screen (its focus included); a text's changes come as the
    // splices of its `edit` events, which the texts apply.
    this.state = mergePatch(this.state, update.patch);
    this.texts.update(update, this.program.drawn);
    update.events.forEach((event, index) => {
      this.#record({ revision: update.revision, at: update.at, by: update.by, seq: update.seq, event, line: update.lines?.[index] ?? null });
    });
    return true;
  }

  /** A `stepping` message: its patch touches `state.stepping` alone, and the revision stays. */
  applyStepping({ patch }) {
    this.state = mergePatch(this.state, patch ?? {});
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

  /** A `presentation` message: the whole of it. */
  applyPresentation({ presentation }) {
    this.presentation = presentation;
  }

  /** Who presents, as the server says (null: nobody yet). */
  presenter() {
    return this.presentation.presenter ? this.person(this.presentation.presenter) : null;
  }

  /** Whether this tab presents. */
  get presenting() { return this.ready && this.presentation.presenter === this.you?.member; }

  /** `{name, color, isYou, isServer}` for a member id; `null` stands for the server itself. */
  person(member) {
    if (member === null || member === undefined) return SERVER;
    const known = this.#people.get(member) ?? { member, name: member, color: SERVER.color };
    return { ...known, isYou: member === this.you?.member, isServer: false };
  }

  /** The log entry of the last focus move on `screen`, or null when focus was released. */
  lastFocusMove(screen) {
    const entry = this.log.find((candidate) => candidate.event.kind === EventKind.focus && candidate.event.screen === screen);
    return entry && entry.event.to !== null ? entry : null;
  }

  /**
   * The last move of the focus on `screen` in words (`Ada moved focus to Last Name`; `label(key)`
   * names a field), or null.
   */
  focusMoveInWords(screen, label) {
    const entry = this.log.find((candidate) => candidate.event.kind === EventKind.focus && candidate.event.screen === screen);
    if (!entry) return null;
    const who = entry.by === null ? 'Auto-focus' : this.person(entry.by).name;
    return entry.event.to === null ? `${who} let go of focus` : `${who} moved focus to ${label(entry.event.to)}`;
  }

  /**
   * Who moved focus to where it is on `screen`, while they are still here: a person who left
   * leaves no name behind. Null when focus was released or its mover has gone.
   */
  focusOwner(screen) {
    const move = this.lastFocusMove(screen);
    if (!move || (move.by !== null && !this.present.includes(move.by))) return null;
    return this.person(move.by);
  }

  #record(entry) {
    this.#mark(entry);
    if (!LOGGED.has(entry.event?.kind)) return;
    // Typing changes a program's state with every key: one entry for a run of them.
    const last = this.log[0];
    if (entry.event.kind === EventKind.state && last?.event.kind === EventKind.state && last.by === entry.by
      && last.event.screen === entry.event.screen && last.event.name === entry.event.name && (last.line ?? null) === (entry.line ?? null)) {
      this.log.shift();
    }
    this.log.unshift(entry);
    if (this.log.length > LOG_LIMIT) this.log.length = LOG_LIMIT;
  }

  #mark({ revision, event }) {
    const kind = event?.kind === EventKind.focus ? 'focus'
      : event?.kind === EventKind.edit && event.screen === SourceText.screen && event.key === SourceText.key ? 'source'
        : null;
    if (kind === null || this.marks.some((mark) => mark.revision === revision && mark.kind === kind)) return;
    this.marks.push({ revision, kind });
    if (this.marks.length > MARK_LIMIT) this.marks.shift();
  }
}

/** Texts that never change: a past revision's, as the server rebuilt them. */
class FixedTexts {
  #texts = new Map();

  load({ state }) {
    this.#texts = textsOf(state);
  }

  text(name) {
    return this.#texts.get(name)?.text ?? null;
  }
}

/**
 * The session as a `past` answer shows it, in the shape of the live store (whose `you` and role
 * it shares): read-only, and everyone its log names counts as present then.
 */
export function pastStore(live, past) {
  const store = new Store(new FixedTexts());
  store.applySnapshot({
    you: live.you, role: live.role, viewer: live.viewer, state: past.state, revision: past.revision,
    earliest: past.earliest, members: past.members, present: past.members.map((member) => member.member),
    count: live.count, log: past.log,
  });
  return store;
}
