// One text field as this page edits it while others edit it too: the client half of operational
// transformation (ot.js's client), one splice in flight at a time. Pure: no DOM, no socket. The
// page tells it what happened and sends what it returns. The same machine, step by step, as
// Swift's SpliceClient (Sources/FocusCore/Text/SpliceClient.swift); see docs/TEXT-MERGING.md.
//
// States: synchronized (nothing in flight), awaitingConfirm (one splice in flight),
// awaitingWithBuffer (and edits made since, composed), awaitingText (the server refused the
// splice in flight; a fresh copy of the text is on its way). A snapshot (`resync`) can come in
// any state.
//
// An outgoing splice is `{splice: {at, delete, insert}, base}`: send it as a `splice` intent.

import { TextOperation, tieBreak, transformSelection, B_FIRST } from './text-ot.js';

/** What became of the splice in flight when a snapshot was made (see `resync`). */
export const APPLIED = 'applied';
export const REFUSED = 'refused';
export const UNANSWERED = 'unanswered';

export class SpliceClient {
  /** The splice in flight: `{sent, operation, refused}`, as sent and as transformed since. */
  #inFlight = null;
  /** Edits made since the splice in flight was sent, composed; they apply after it. */
  #buffer = null;
  /** A snapshot that came while the splice in flight was unanswered: `{text, revision, updates}`. */
  #held = null;

  /** A field holding `text` at session `revision`, with the caret at its end. */
  constructor({ member, text, revision }) {
    /** The page's member id, for breaking ties with remote inserts. */
    this.member = member;
    /** The field's text as the page shows it. */
    this.text = text;
    /** The field's text at `revision` as the server has it. */
    this.serverText = text;
    /** The last revision whose operations on this field the client has: the next splice's base. */
    this.revision = revision;
    /** The caret or selection in `text` ({start, end}); set it when the person moves it. */
    this.selection = { start: text.length, end: text.length };
  }

  get state() {
    if (!this.#inFlight) return 'synchronized';
    if (this.#inFlight.refused) return 'awaitingText';
    return this.#buffer ? 'awaitingWithBuffer' : 'awaitingConfirm';
  }

  /** The splice in flight, to send again unchanged after `rate_limited`; null if none (or refused). */
  get resendable() {
    return this.#inFlight && !this.#inFlight.refused ? this.#inFlight.sent : null;
  }

  /**
   * The person changed the text by `splice` (already shown); `selection` is the selection after it
   * (the caret after the inserted text if omitted). Returns the splice to send now, or null.
   */
  edit(splice, selection = null) {
    if (splice.delete === 0 && splice.insert === '') return null;
    const operation = TextOperation.fromSplice(splice, this.text.length);
    this.text = operation.apply(this.text);
    const caret = splice.at + splice.insert.length;
    this.selection = selection ?? { start: caret, end: caret };
    if (this.#inFlight) {
      this.#buffer = this.#buffer ? this.#buffer.compose(operation) : operation;
      return null;
    }
    const sent = { splice: { at: splice.at, delete: splice.delete, insert: splice.insert }, base: this.revision };
    this.#inFlight = { sent, operation, refused: false };
    return sent;
  }

  /**
   * Where `selection` ({start, end}), in the server's text at `revision`, is in `text`: moved over
   * this page's own edits the server has not acknowledged (the splice in flight, then the buffer),
   * as the server will move it when they land. Another member's caret, drawn in the text shown.
   */
  shownSelection(selection) {
    let moved = selection;
    if (this.#inFlight) moved = transformSelection(moved, this.#inFlight.operation);
    if (this.#buffer) moved = transformSelection(moved, this.#buffer);
    return moved;
  }

  /**
   * Another member's operation on this field, as the server applied it at `revision` (the update's
   * splices, each applying to the text the ones before made). Returns the operation the page
   * applies (already applied to `text` and `selection`), or null for an update it already has or
   * holds with a snapshot.
   */
  receive(splices, revision, member) {
    if (this.#held) {
      if (revision > this.#held.revision) this.#held.updates.push({ splices, revision, member });
      return null;
    }
    if (revision <= this.revision) return null;
    let remote = TextOperation.fromSplices(splices, this.serverText.length);
    this.serverText = remote.apply(this.serverText);
    this.revision = revision;
    if (this.#inFlight) {
      const tie = tieBreak(this.member, member);
      [this.#inFlight.operation, remote] = TextOperation.transform(this.#inFlight.operation, remote, tie);
      if (this.#buffer) [this.#buffer, remote] = TextOperation.transform(this.#buffer, remote, tie);
    }
    this.text = remote.apply(this.text);
    this.selection = transformSelection(this.selection, remote);
    return remote;
  }

  /**
   * The server applied the splice in flight as `applied` (its update's splices; [] when it
   * answered that the splice changed nothing), making session `revision` (or, for that answer, the
   * revision of the last update before it). With a held snapshot the client moves to the snapshot,
   * the updates after it and `applied`. Returns the next splice to send, or null.
   */
  acknowledge(revision, applied) {
    const sent = this.#inFlight;
    if (!sent) throw new Error('An acknowledgement arrived with no splice in flight.');
    this.#inFlight = null;
    const snapshot = this.#held;
    if (!snapshot) {
      this.serverText = sent.operation.apply(this.serverText);
      this.revision = Math.max(this.revision, revision);
      return this.#sendBuffer();
    }
    this.#held = null;
    let fresh = snapshot.text;
    for (const update of snapshot.updates) fresh = TextOperation.fromSplices(update.splices, fresh.length).apply(fresh);
    fresh = TextOperation.fromSplices(applied, fresh.length).apply(fresh);
    this.#moveBuffer(sent.operation.apply(this.serverText), fresh);
    const last = snapshot.updates.length ? snapshot.updates[snapshot.updates.length - 1].revision : snapshot.revision;
    this.revision = Math.max(last, revision);
    return this.#sendBuffer();
  }

  /**
   * The server refused the splice in flight (stale_base, bad_splice): edits wait for a snapshot
   * (`resync`), unless one is held. Returns, with a held snapshot, the splice to send now.
   */
  refuse() {
    if (this.#inFlight) this.#inFlight.refused = true;
    return this.#releaseHeldSnapshot();
  }

  /**
   * The server refused the splice in flight for good (value_too_long): it is taken back out of the
   * text; edits made since stay. Returns the next splice to send, or null.
   */
  reject() {
    const sent = this.#inFlight;
    if (!sent) return null;
    this.#inFlight = null;
    this.#moveBufferOver(sent.operation.invert(this.serverText));
    return this.#releaseHeldSnapshot() ?? this.#sendBuffer();
  }

  /**
   * Starts again from the server's `text` at `revision` (a snapshot: after a refusal, a reconnect,
   * or falling behind) with the unanswered edits rebased on top. `inFlight` (APPLIED, REFUSED or
   * UNANSWERED) says what became of the splice in flight; a snapshot made before the server
   * handled it is held, with the updates after it, until its answer. An older `revision` than the
   * client's is ignored (it rebases on its own copy). Returns the first splice to send, or null.
   */
  resync(text, revision, inFlight) {
    const sent = this.#inFlight;
    if (sent && !sent.refused && inFlight === UNANSWERED) {
      this.#held = { text, revision, updates: [] };
      return null;
    }
    this.#held = null;
    let known = this.serverText;
    let pending = this.#buffer;
    if (sent) {
      if (!sent.refused && inFlight === APPLIED) known = sent.operation.apply(known);
      else pending = pending ? sent.operation.compose(pending) : sent.operation;
    }
    this.#inFlight = null;
    this.#buffer = pending;
    this.#moveBuffer(known, revision >= this.revision ? text : known);
    this.revision = Math.max(this.revision, revision);
    return this.#sendBuffer();
  }

  /** Moves to the server's text `fresh` from `known`, the text the buffer applies to. */
  #moveBuffer(known, fresh) {
    this.#moveBufferOver(TextOperation.difference(known, fresh));
    this.serverText = fresh;
  }

  /** Rebases the buffer over `change` (its inserts go first); the text and selection follow. */
  #moveBufferOver(change) {
    let over = change;
    if (this.#buffer) {
      let rebased;
      [rebased, over] = TextOperation.transform(this.#buffer, change, B_FIRST);
      this.#buffer = rebased.isNoop() ? null : rebased;
    }
    this.text = over.apply(this.text);
    this.selection = transformSelection(this.selection, over);
  }

  /** Takes a held snapshot now that the splice in flight is settled without it, then the updates after it. */
  #releaseHeldSnapshot() {
    const snapshot = this.#held;
    if (!snapshot) return null;
    const sent = this.resync(snapshot.text, snapshot.revision, REFUSED);
    for (const update of snapshot.updates) this.receive(update.splices, update.revision, update.member);
    return sent;
  }

  /** Sends the buffer's first splice; the rest stays buffered. */
  #sendBuffer() {
    const pending = this.#buffer;
    this.#buffer = null;
    if (!pending) return null;
    const splices = pending.splices();
    if (splices.length === 0) return null;
    const operation = TextOperation.fromSplice(splices[0], this.serverText.length);
    if (splices.length > 1) this.#buffer = TextOperation.fromSplices(splices.slice(1), operation.targetLength);
    const sent = { splice: splices[0], base: this.revision };
    this.#inFlight = { sent, operation, refused: false };
    return sent;
  }
}
