// Where the other editors are in the shared source: their carets and selections, drawn in their
// colours with their names in the editor's lines (source-editor.js), and said in one sentence for
// screen readers ("Grace is on line 12"), since the drawn lines are hidden from them.
//
// The server sends each caret in the source's text at a revision (a snapshot's `carets`, and
// `carets` messages; docs/PROTOCOL.md, "Carets in the source"). The page has applied every update
// up to that revision when it arrives, so the caret is moved over this page's own edits not yet
// acknowledged (FieldTexts.shownSelection), and from then on over every change of the text
// shown (others' edits and the person's typing), until the next message names it again.

import { SOURCE_FIELD } from '../field-texts.js';
import { transformSelection } from '../text-ot.js';

/** How long the sentence waits after a line changes: one sentence for a run of moves, not one each. */
const SAY_AFTER_MS = 1500;

export class SourceCarets {
  /** Member id → `{start, end}` in the source as this page shows it. */
  #places = new Map();
  /** Member id → the first line of the source their editor shows (`top`), once told. */
  #tops = new Map();
  #you = null;
  /** Whether the live source shows (not the past the timeline rests on). */
  #live = true;
  /** What the editor was last given, as JSON, so a redraw happens only for a change. */
  #drawn = '[]';
  /** Each drawn person's line, as JSON: the sentence changes only when one of them does. */
  #lines = '[]';
  #sayTimer = 0;

  /**
   * `texts`: the FieldTexts; `editor`: the SourceEditor; `people()`: the named editors here, in
   * the order they arrived (`{member, name, color}`); `status`: the element the sentence goes in.
   */
  constructor({ texts, editor, people, status }) {
    this.texts = texts;
    this.editor = editor;
    this.people = people;
    this.status = status;
    texts.watch((name, operation) => {
      if (name !== SOURCE_FIELD || !this.#places.size) return;
      for (const [member, place] of this.#places) this.#places.set(member, transformSelection(place, operation));
      this.draw();
    });
  }

  /** A snapshot: every caret afresh, in the source at its revision (FieldTexts has loaded it). */
  load({ you, revision, carets = [] }) {
    this.#you = you.member;
    this.#places.clear();
    this.#tops.clear();
    this.#place(carets, revision);
  }

  /** A `carets` message: the carets that moved, or went (`key: null`). */
  receive({ revision, carets }) {
    this.#place(carets, revision);
  }

  /** Whether the live source shows: the past shows nobody's caret. */
  set live(live) {
    this.#live = live;
    this.draw();
  }

  /** Draws the carets of the people here now (a person who left takes theirs away). */
  draw() {
    const text = this.texts.text(SOURCE_FIELD) ?? '';
    const peers = this.#live ? this.people().filter(({ member }) => member !== this.#you && this.#places.has(member))
      .map(({ member, name, color }) => ({ member, name, color, ...this.#places.get(member) })) : [];
    const drawn = JSON.stringify(peers);
    if (drawn !== this.#drawn) {
      this.#drawn = drawn;
      this.editor.showPeers(peers);
    }
    const lines = JSON.stringify(peers.map(({ name, end }) => [name, lineOf(text, end)]));
    if (lines === this.#lines) return;
    this.#lines = lines;
    clearTimeout(this.#sayTimer);
    this.#sayTimer = setTimeout(() => { this.status.textContent = sentence(JSON.parse(this.#lines)); }, SAY_AFTER_MS);
  }

  /** The first line `member`'s editor shows, or null when they have not said. */
  topOf(member) {
    return this.#tops.get(member) ?? null;
  }

  #place(carets, revision) {
    for (const { member, key, at, length, top } of carets) {
      if (Number.isInteger(top)) this.#tops.set(member, top);
      else this.#tops.delete(member);
      if (key === null || key === undefined) {
        this.#places.delete(member);
        continue;
      }
      // A copy not at that revision (a snapshot held while a splice is unanswered) keeps the caret it had.
      const shown = this.texts.shownSelection(SOURCE_FIELD, revision, { start: at, end: at + length });
      if (shown) this.#places.set(member, shown);
    }
    this.draw();
  }
}

/** The line (from 1) of `offset` in `text`. */
function lineOf(text, offset) {
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line += 1;
  return line;
}

/** `Grace is on line 12.` for each `[name, line]`, or nothing when nobody else is in the source. */
function sentence(lines) {
  return lines.map(([name, line]) => `${name} is on line ${line}.`).join(' ');
}
