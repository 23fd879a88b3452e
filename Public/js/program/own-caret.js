// This person's caret in the shared source, told to the others (`caret` messages; docs/PROTOCOL.md,
// "Carets in the source"): while the editor has focus, each time the caret or the selection moves,
// at most ten times a second, and only while none of the person's edits of the source wait for the
// server (the text shown is then the server's text at a revision the caret can name). A second
// after the person leaves the editor, the others are told the caret is gone.

import { SOURCE_FIELD } from '../field-texts.js';
import { SourceText } from '../protocol.js';

/** The least time between two caret messages. */
const EVERY_MS = 100;
/** How long after leaving the editor the caret goes for the others: a quick Tab away and back keeps it. */
const GONE_AFTER_MS = 1000;

export class OwnCaret {
  /** The place last told (`revision:start:end`), or null when the others see no caret of ours. */
  #told = null;
  #moved = false;
  #timer = 0;
  #lastAt = -Infinity;
  #goneTimer = 0;

  /**
   * `input`: the source's text area; `texts`: the FieldTexts; `tell(message)`: sends a message
   * that is not an intent, returning whether it went; `enabled()`: whether this page may edit.
   */
  constructor({ input, texts, tell, enabled }) {
    this.input = input;
    this.texts = texts;
    this.tell = tell;
    this.enabled = enabled;
    document.addEventListener('selectionchange', () => {
      if (document.activeElement === input) this.#move();
    });
    input.addEventListener('focus', () => {
      clearTimeout(this.#goneTimer);
      this.#move();
    });
    input.addEventListener('blur', () => {
      clearTimeout(this.#goneTimer);
      this.#goneTimer = setTimeout(() => this.#leave(), GONE_AFTER_MS);
    });
  }

  /** A new connection: the server knows no caret of ours, so the one in the editor is told again. */
  reconnected() {
    this.#told = null;
    if (document.activeElement === this.input) this.#move();
  }

  #move() {
    if (!this.enabled()) return;
    this.#moved = true;
    this.#schedule(Math.max(0, this.#lastAt + EVERY_MS - performance.now()));
  }

  #schedule(wait) {
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = 0;
      this.#send();
    }, wait);
  }

  #send() {
    if (!this.#moved || document.activeElement !== this.input || !this.enabled()) {
      this.#moved = false;
      return;
    }
    const revision = this.texts.basis(SOURCE_FIELD);
    // Edits still on their way to the server (or a text the area shows otherwise): try again shortly.
    if (revision === null || this.input.value !== this.texts.text(SOURCE_FIELD)) {
      this.#schedule(EVERY_MS);
      return;
    }
    this.#moved = false;
    const { selectionStart: start, selectionEnd: end } = this.input;
    const place = `${revision}:${start}:${end}`;
    if (place === this.#told) return;
    const message = { type: 'caret', key: SourceText.key, revision, at: start, length: end - start };
    if (!this.tell(message)) return;
    this.#told = place;
    this.#lastAt = performance.now();
  }

  /** The person left the editor (and did not come back within a second): the others stop seeing the caret. */
  #leave() {
    if (document.activeElement === this.input || this.#told === null) return;
    if (this.tell({ type: 'caret', key: null })) this.#told = null;
  }
}
