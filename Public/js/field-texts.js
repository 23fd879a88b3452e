// Every text field's text as this page shows it while others type too, the session's source
// among them (as the field `source/source`): one SpliceClient per field
// (splice-client.js), fed from snapshots and updates, whose splices go out as `splice` intents. The
// one owner of the page's texts: the store hands it the texts the server sends and keeps none.
// No DOM here: a display (text-editing.js) reads carets and shows changes. See
// docs/TEXT-MERGING.md, "The page".

import { SpliceClient, APPLIED, REFUSED, UNANSWERED } from './splice-client.js';
import { TextOperation } from './text-ot.js';
import { spliceBetween } from './splice-between.js';
import { RATE_LIMIT_RETRY_MS } from './connection.js';
import { ErrorCode, EventKind, SourceText } from './protocol.js';
import { drawnTexts } from './program/drawn-texts.js';

/** Refusals after which the field needs a fresh copy of its text. */
const NEEDS_FRESH_TEXT = new Set([ErrorCode.staleBase, ErrorCode.badSplice]);

/** How a field is named in a snapshot's `you.splices`: `ProfileForm/firstName`, `ReminderList/notes/6F1C…`. */
export function fieldName(screen, key) {
  return `${screen}/${key}`;
}

/**
 * The session's SwiftUI source's field name, as `you.splices` and the edit events name it: the
 * source is a text members splice, filed under its own screen whatever screen shows
 * (docs/PROTOCOL.md, "Sessions that run their own source").
 */
export const SOURCE_FIELD = fieldName(SourceText.screen, SourceText.key);

/**
 * Between the page's inputs and the field names of their texts: the phone's fields (in `view`,
 * the screen drawn now) and the shared source's editor; nothing while the session is not `ready`.
 */
export function fieldInputs({ ready, view, source }) {
  return {
    nameOf(input) {
      if (input === source.input) return ready() ? SOURCE_FIELD : null;
      const key = ready() ? view.keyOf(input) : null;
      return key ? fieldName(view.id, key) : null;
    },
    inputOf(name) {
      if (name === SOURCE_FIELD) return ready() ? source.input : null;
      const slash = name.indexOf('/');
      return ready() && name.slice(0, slash) === view.id ? view.inputFor(name.slice(slash + 1)) : null;
    },
  };
}

/**
 * Every text in a session `state`: the source's, and every field's as its drawn screen holds
 * them: field name → `{screen, key, text}`.
 */
export function textsOf(state) {
  const { drawn, source } = state.program;
  const texts = new Map(drawnTexts(drawn).map(({ key, text }) => [fieldName(drawn.name, key), { screen: drawn.name, key, text }]));
  texts.set(SOURCE_FIELD, { screen: SourceText.screen, key: SourceText.key, text: source ?? '' });
  return texts;
}

export class FieldTexts {
  /** Field name → `{name, screen, key, client, intent, sentAtLoad, unsent, held}`. */
  #fields = new Map();
  #member = null;
  /** How many snapshots have been loaded: tells an intent sent before a snapshot from one sent after. */
  #loads = 0;
  /** The last revision loaded or updated: what an `ack` answers at. */
  #revision = 0;
  #display = null;
  /** Intents waiting for typing that was made before them to go out (see afterTyping). */
  #waiting = [];
  /** `listener(name, operation)` for every change of a field's text as the page shows it. */
  #watchers = [];

  /** `connection`: `send(fields)` → the intent, `forget(intent)`, `resync()` (connection.js). */
  constructor(connection) {
    this.connection = connection;
  }

  /**
   * The display of the texts: `selection(name)`, the field's selection on screen (`{start, end}`,
   * or null), and `show(name, text, selection, operation)`, a change made by anyone but its person
   * (`operation`, the change to apply to what is shown, or null: show `text` whole).
   */
  attach(display) {
    this.#display = display;
  }

  /** The text of field `name` as the page shows it, or null for a field the session does not have. */
  text(name) {
    return this.#fields.get(name)?.client.text ?? null;
  }

  /**
   * Calls `listener(name, operation)` after every change of a field's text as the page shows it
   * (the person's typing and everyone else's), with the operation from the text before it: what
   * is drawn over a text (others' carets) moves with it.
   */
  watch(listener) {
    this.#watchers.push(listener);
  }

  /**
   * The revision whose text of field `name`, as the server has it, the page shows: when none of
   * its person's edits of it are unacknowledged (none in flight, none buffered or held), so an
   * offset in what is shown is one in the server's text at that revision. Null otherwise.
   */
  basis(name) {
    const field = this.#fields.get(name);
    return field && !field.held && field.client.state === 'synchronized' ? field.client.revision : null;
  }

  /**
   * Where `selection` ({start, end}), in field `name`'s text as the server had it at `revision`,
   * is in the text the page shows (moved over its person's edits not yet acknowledged); null when
   * the page's copy of the field is not at `revision`.
   */
  shownSelection(name, revision, selection) {
    const field = this.#fields.get(name);
    if (!field || field.held || field.client.revision !== revision) return null;
    return field.client.shownSelection(selection);
  }

  /** A snapshot: every field's text afresh. `newConnection`: the first snapshot on a new socket. */
  load(snapshot, newConnection) {
    const { you, revision } = snapshot;
    const load = ++this.#loads;
    this.#member = you.member;
    this.#revision = revision;
    const texts = textsOf(snapshot.state);
    for (const name of this.#fields.keys()) if (!texts.has(name)) this.#fields.delete(name);
    for (const [name, { screen, key, text }] of texts) {
      const field = this.#fields.get(name);
      if (!field) {
        this.#add(name, screen, key, text, revision);
        continue;
      }
      field.client.member = you.member;
      // On a new connection the splice in flight is never resent as it was: resync sends its edits again.
      if (newConnection && field.intent) {
        this.connection.forget(field.intent);
        field.unsent = true;
      }
      this.#run(field, (client) => {
        const outcome = this.#outcome(field, you, load, newConnection);
        // Only a splice the server has yet to handle stays in flight; the others are settled by the snapshot.
        if (outcome !== UNANSWERED) field.intent = null;
        return { sent: client.resync(text, revision, outcome) };
      });
    }
    this.#sendWaiting();
  }

  /**
   * An update the store applied: the fields it drew for the first time or no longer draws, then
   * its texts' changes. `drawn`: the session's screen as the store holds it after the update.
   */
  update({ revision, by, seq, events, patch }, drawn) {
    this.#revision = revision;
    const gone = patch.program?.drawn ? this.#drawnFields(drawn, revision) : [];
    const changed = new Set();
    for (const event of events) {
      const field = event.kind === EventKind.edit ? this.#fields.get(fieldName(event.screen, event.key)) : null;
      if (!field) continue;
      changed.add(field);
      if (by === this.#member && field.intent?.seq === seq) {
        this.#run(field, (client) => {
          field.intent = null;
          return { sent: client.acknowledge(revision, event.ops) };
        });
      } else {
        this.#run(field, (client) => ({ operation: client.receive(event.ops, revision, by ?? '') }));
      }
    }
    // Fields the update left alone move on to its revision too: their next splice is based on it.
    for (const field of this.#fields.values()) {
      if (!changed.has(field)) this.#run(field, (client) => ({ operation: client.receive([], revision, by ?? '') }));
    }
    for (const name of gone) this.#fields.delete(name);
    this.#sendWaiting();
  }

  /**
   * An update that changed the drawn screen: a field drawn for the first time starts empty at
   * the revision before (the server sends its text as the update's `edit` event, from the empty
   * text), and the names of the fields no longer drawn are returned, to go once the update's
   * events are applied.
   */
  #drawnFields(drawn, revision) {
    // The source is no screen's: it stays whatever is drawn.
    const drawnNow = new Set([SOURCE_FIELD]);
    for (const { key } of drawnTexts(drawn)) {
      const name = fieldName(drawn.name, key);
      drawnNow.add(name);
      if (!this.#fields.has(name)) this.#add(name, drawn.name, key, '', revision - 1);
    }
    return [...this.#fields.keys()].filter((name) => !drawnNow.has(name));
  }

  /**
   * An `ack` or `error` naming a seq: handled here when it answers a field's splice in flight.
   * Returns whether it did.
   */
  answer(message) {
    // Only an intent's refusal names a seq: a caret's, a rename's or a request's answers no field.
    if (!Number.isInteger(message.seq)) return false;
    const field = [...this.#fields.values()].find((candidate) => candidate.intent?.seq === message.seq);
    if (!field) return false;
    const intent = field.intent;
    if (message.type === 'ack') {
      const revision = this.#revision;
      this.#run(field, (client) => {
        field.intent = null;
        return { sent: client.acknowledge(revision, []) };
      });
    } else if (message.code === ErrorCode.rateLimited) {
      // Not applied: the same splice, same base, goes again after a pause, with a new seq.
      field.unsent = true;
      setTimeout(() => {
        if (this.#fields.get(field.name) !== field) return;
        this.#run(field, (client) => (field.intent === intent && field.unsent ? { sent: client.resendable } : {}));
      }, RATE_LIMIT_RETRY_MS);
    } else if (NEEDS_FRESH_TEXT.has(message.code)) {
      this.#run(field, (client) => {
        field.intent = null;
        return { sent: client.refuse(), needsText: true };
      });
    } else {
      // Refused for good (value_too_long, or the screen is no longer current): taken back out.
      this.#run(field, (client) => {
        field.intent = null;
        return { sent: client.reject() };
      });
    }
    return true;
  }

  /**
   * The person changed field `name` to `next`; `selection` is the selection now (`{start, end}`,
   * or null where the input has none).
   */
  edit(name, next, selection) {
    const field = this.#fields.get(name);
    if (!field) return;
    const before = field.client.text;
    const splice = spliceBetween(before, next, selection?.end ?? null);
    const sent = field.client.edit(splice, selection);
    if (field.client.text !== before) this.#changed(name, TextOperation.fromSplice(splice, before.length));
    if (sent) this.#send(field, sent);
  }

  /**
   * Before the tab goes away (a reload while offline): each field's edits not yet sent go into its
   * queued splice, the one piece of the page that outlives it, as one splice from the server's
   * text to the page's. Only a splice no socket has carried can change.
   */
  keepUnsentEdits() {
    for (const { client, intent, held } of this.#fields.values()) {
      if (!intent || held || client.state === 'awaitingText') continue;
      this.connection.amend(intent, { base: client.revision, ...spliceBetween(client.serverText, client.text) });
    }
  }

  /**
   * Calls `send` once every field's typing has gone out: at once, or when the last field holding
   * edits back behind its splice in flight has sent them. A tap or a Return made after typing
   * then reaches the server after that text, never before it.
   */
  afterTyping(send) {
    this.#waiting.push(send);
    this.#sendWaiting();
  }

  #sendWaiting() {
    if (!this.#waiting.length) return;
    for (const { client } of this.#fields.values()) if (client.state === 'awaitingWithBuffer') return;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const send of waiting) send();
  }

  /** Holds every change for field `name` (while its person composes text with an IME). */
  hold(name) {
    const field = this.#fields.get(name);
    if (field && !field.held) field.held = [];
  }

  /** Feeds field `name` the changes held for it, in order. */
  release(name) {
    const field = this.#fields.get(name);
    if (!field?.held) return;
    const steps = field.held;
    field.held = null;
    for (const step of steps) this.#run(field, step);
  }

  #add(name, screen, key, text, revision) {
    const client = new SpliceClient({ member: this.#member, text, revision });
    this.#fields.set(name, { name, screen, key, client, intent: null, sentAtLoad: 0, unsent: false, held: null });
  }

  /**
   * What became of the field's splice in flight when snapshot number `load` was made (see
   * docs/TEXT-MERGING.md): applied if the snapshot counts it in `you.splices`; refused if it never
   * reached the server (rate-limited, or dropped with the old connection) or was handled without
   * being applied; otherwise not yet handled, unless it was sent after the snapshot arrived.
   */
  #outcome(field, you, load, newConnection) {
    const { intent } = field;
    if (!intent) return REFUSED;
    if (field.sentAtLoad >= load) return UNANSWERED;
    if (intent.seq <= (you.splices?.[field.name] ?? 0)) return APPLIED;
    if (field.unsent || newConnection || intent.seq <= you.seq) return REFUSED;
    return UNANSWERED;
  }

  /**
   * Runs one step of the field's client (held while the field is held), with the selection on
   * screen; shows what it changed and sends what it returns.
   */
  #run(field, step) {
    if (field.held) {
      field.held.push(step);
      return;
    }
    const { client } = field;
    const selection = this.#display?.selection(field.name);
    if (selection) client.selection = selection;
    const before = client.text;
    const { sent = null, operation = null, needsText = false } = step(client);
    if (client.text !== before) {
      this.#display?.show(field.name, client.text, client.selection, operation);
      this.#changed(field.name, operation ?? TextOperation.difference(before, client.text));
    }
    if (sent) this.#send(field, sent);
    if (needsText && client.state === 'awaitingText') this.connection.resync();
    this.#sendWaiting();
  }

  #changed(name, operation) {
    for (const listener of this.#watchers) listener(name, operation);
  }

  #send(field, { splice, base }) {
    field.intent = this.connection.send({ screen: field.screen, action: 'splice', key: field.key, base, ...splice });
    field.sentAtLoad = this.#loads;
    field.unsent = false;
  }
}
