// One text field as this page edits it while others edit it too: the client half of operational
// transformation (ot.js's client), one splice in flight at a time. Pure: no DOM, no socket. The
// page tells it what happened and sends what it returns. The same machine, step by step, as
// Swift's SpliceClient (Sources/FocusCore/Text/SpliceClient.swift); see docs/TEXT-MERGING.md.
//
// States: synchronized (nothing in flight), awaitingConfirm (one splice in flight),
// awaitingWithBuffer (and edits made since, composed), awaitingText (the server refused the
// splice in flight; a fresh copy of the text is on its way).
//
// An outgoing splice is `{splice: {at, delete, insert}, base}`: send it as a `splice` intent.

import { TextOperation, tieBreak, transformSelection, B_FIRST } from './text-ot.js';

export class SpliceClient {
  /** The splice in flight: `{sent, operation, refused}`, as sent and as transformed since. */
  #inFlight = null;
  /** Edits made since the splice in flight was sent, composed; they apply after it. */
  #buffer = null;

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
   * Another member's operation on this field, as the server applied it at `revision` (the update's
   * splices, each applying to the text the ones before made). Returns the operation the page
   * applies (already applied to `text` and `selection`), or null for an update it already has.
   */
  receive(splices, revision, member) {
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
   * The server applied the splice in flight, making session `revision` (or said it changed nothing:
   * pass the revision of the last update received before that answer). Returns the next splice to send, or null.
   */
  acknowledge(revision) {
    if (!this.#inFlight) throw new Error('An acknowledgement arrived with no splice in flight.');
    this.serverText = this.#inFlight.operation.apply(this.serverText);
    this.revision = Math.max(this.revision, revision);
    this.#inFlight = null;
    return this.#sendBuffer();
  }

  /** The server refused the splice in flight (stale_base, bad_splice): edits wait for `recover`. */
  refuse() {
    if (this.#inFlight) this.#inFlight.refused = true;
  }

  /**
   * The server refused the splice in flight for good (value_too_long): it is taken back out of the
   * text; edits made since stay. Returns the next splice to send, or null.
   */
  reject() {
    if (!this.#inFlight) return null;
    let undo = this.#inFlight.operation.invert(this.serverText);
    this.#inFlight = null;
    if (this.#buffer) {
      const [rebased, over] = TextOperation.transform(this.#buffer, undo, B_FIRST);
      this.#buffer = rebased.isNoop() ? null : rebased;
      undo = over;
    }
    this.text = undo.apply(this.text);
    this.selection = transformSelection(this.selection, undo);
    return this.#sendBuffer();
  }

  /**
   * Starts again from the server's `text` at `revision` (after a refusal, or a reconnect's
   * snapshot) with the unanswered edits rebased on top. `inFlightApplied`: whether the server had
   * applied the splice in flight before `revision`. An older `revision` than the client's is
   * ignored (it rebases on its own copy). Returns the first splice to send, or null.
   */
  recover(text, revision, inFlightApplied) {
    let known = this.serverText;
    let pending = null;
    if (this.#inFlight) {
      if (inFlightApplied) known = this.#inFlight.operation.apply(known);
      else pending = this.#inFlight.operation;
    }
    if (this.#buffer) pending = pending ? pending.compose(this.#buffer) : this.#buffer;
    this.#inFlight = null;
    this.#buffer = null;
    const [base, baseRevision] = revision >= this.revision ? [text, revision] : [known, this.revision];
    let difference = TextOperation.difference(known, base);
    if (pending) {
      const [rebased, over] = TextOperation.transform(pending, difference, B_FIRST);
      this.#buffer = rebased.isNoop() ? null : rebased;
      difference = over;
    }
    this.text = difference.apply(this.text);
    this.selection = transformSelection(this.selection, difference);
    this.serverText = base;
    this.revision = baseRevision;
    return this.#sendBuffer();
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
