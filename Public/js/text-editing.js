// The person's typing in the phone's text fields, handed to field-texts.js as splices, and everyone
// else's changes shown without moving the caret: applied with setRangeText, then the selection
// transformed through them. An IME composition is never interrupted: while the person composes,
// the field's changes wait, and are shown once the composed text has gone out. An input that
// cannot hold its field's text as it is (line breaks in an `<input>`, carriage returns in a
// textarea) still loses none of it: only the person's change goes out (see editedText).

import { spliceBetween } from './splice-between.js';

/**
 * The event an input gets when someone else's change to its text was shown in it (no `input` event
 * is); its `detail.operation` is that change as made to the input's text, or null when the input
 * was given its whole text.
 */
export const TEXT_SHOWN = 'textshown';

/** How long after the person's last keystroke they count as typing. */
export const TYPING_QUIET_MS = 1500;

/**
 * Puts `text` in place of `input`'s selection as typing would, caret after it, and tells the page
 * (an `input` event of `inputType`): the simulated Return key in a text editor, the source
 * editor's indentation and undo.
 */
export function typeInto(input, text, start = input.selectionStart ?? input.value.length, end = input.selectionEnd ?? start,
  inputType = 'insertText') {
  input.setRangeText(text, start, end, 'end');
  input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType, data: text }));
}

export class TextEditing {
  /**
   * While the page shows the past, the inputs show its texts: everyone's changes go on in the
   * texts' clients, unshown, until the live texts are drawn again.
   */
  paused = false;
  /** The input the person is composing in, if any. */
  #composing = null;
  #typedAt = -Infinity;

  /**
   * `roots`: the elements holding the inputs (every screen, the source editor); `texts`: the
   * FieldTexts; `nameOf(input)`: the field name of one of their inputs (null for anything else);
   * `inputOf(name)`: the input of a field, if it is drawn.
   */
  constructor({ roots, texts, nameOf, inputOf }) {
    this.texts = texts;
    this.nameOf = nameOf;
    this.inputOf = inputOf;
    for (const root of roots) this.#listen(root);
    texts.attach(this);
  }

  /** Takes the typing in `root`'s inputs. */
  #listen(root) {
    const { texts, nameOf } = this;
    root.addEventListener('keydown', () => this.#typed());
    // Before the browser changes the text: anything changed without an input event is caught up first.
    root.addEventListener('beforeinput', (event) => {
      this.#typed();
      if (!event.isComposing && this.#composing !== event.target) this.#edited(event.target);
    });
    root.addEventListener('input', (event) => {
      this.#typed();
      if (!event.isComposing && this.#composing !== event.target) this.#edited(event.target);
    });
    root.addEventListener('compositionstart', (event) => {
      this.#typed();
      const name = nameOf(event.target);
      if (!name) return;
      this.#composing = event.target;
      texts.hold(name);
    });
    root.addEventListener('compositionend', (event) => {
      this.#typed();
      const name = nameOf(event.target);
      if (this.#composing === event.target) this.#composing = null;
      if (!name) return;
      // The composed text goes out first; then what others did meanwhile is shown around it.
      this.#edited(event.target);
      texts.release(name);
    });
  }

  /**
   * How long until the person counts as not typing: 0 when they have not typed for 1.5 s and
   * are not composing.
   */
  typingPause() {
    if (this.#composing) return TYPING_QUIET_MS;
    return Math.max(0, this.#typedAt + TYPING_QUIET_MS - performance.now());
  }

  /** The text to draw in field `name`'s input, or null to leave it alone (while the person composes in it). */
  textToDraw(name, input) {
    return this.#composing === input ? null : this.texts.text(name);
  }

  /** The selection in field `name`'s input (FieldTexts display). */
  selection(name) {
    const input = this.paused ? null : this.inputOf(name);
    return input ? selectionOf(input) : null;
  }

  /** A change to field `name` made by anyone but its person (FieldTexts display). */
  show(name, text, selection, operation) {
    const input = this.paused ? null : this.inputOf(name);
    if (!input) return;
    let shownBy = null;
    if (operation && operation.baseLength === input.value.length) {
      for (const splice of operation.splices()) input.setRangeText(splice.insert, splice.at, splice.at + splice.delete);
      shownBy = operation;
    }
    if (input.value !== shownIn(input, text)) {
      input.value = text;
      shownBy = null;
    }
    const shown = selectionOf(input);
    if (shown && (shown.start !== selection.start || shown.end !== selection.end)) {
      input.setSelectionRange(selection.start, selection.end);
    }
    input.dispatchEvent(new CustomEvent(TEXT_SHOWN, { detail: { operation: shownBy } }));
  }

  #typed() {
    this.#typedAt = performance.now();
  }

  #edited(input) {
    const name = this.nameOf(input);
    if (!name) return;
    const text = this.texts.text(name) ?? input.value;
    const edited = editedText(text, input.value, selectionOf(input), isTextarea(input));
    this.texts.edit(name, edited.text, edited.selection);
  }
}

function isTextarea(input) {
  return input.tagName === 'TEXTAREA';
}

/** What `input` reads once given `text` (see heldText). */
function shownIn(input, text) {
  return heldText(text, isTextarea(input));
}

/** Replaces an input's text without moving its caret further than the new text allows. */
export function setValueKeepingCaret(input, value) {
  // Already shown, as far as the input can hold it (an `<input>` drops line breaks).
  if (input.value === shownIn(input, value)) return;
  if (document.activeElement !== input || input.selectionStart === null) {
    input.value = value;
    return;
  }
  const { selectionStart, selectionEnd } = input;
  input.value = value;
  input.setSelectionRange(Math.min(selectionStart, value.length), Math.min(selectionEnd, value.length));
}

/**
 * `text` as an input holds it: a textarea makes each `\r\n` and `\r` a `\n`, an `<input>` drops
 * its line breaks (the value sanitization of text and password inputs).
 */
export function heldText(text, textarea) {
  return textarea ? text.replace(/\r\n?/g, '\n') : text.replace(/[\r\n]/g, '');
}

/**
 * A field's text after the person changed its input (a textarea or not), which showed `text` as
 * it holds it (heldText), to `value`, with `selection` on screen: `{text, selection}`. Where the
 * input holds the text as it is, that is the value. Otherwise only the person's change is carried
 * into the text: the characters the input could not hold stay, unless they lie inside what the
 * person deleted; at the edges of a change they are kept (a caret just before a hidden line
 * break types before it).
 */
export function editedText(text, value, selection, textarea) {
  const shown = heldText(text, textarea);
  if (shown === text) return { text: value, selection };
  const splice = spliceBetween(shown, value, selection?.end ?? null);
  if (!splice.delete && !splice.insert) return { text, selection: null };
  const spans = heldSpans(text, textarea);
  const from = splice.delete ? spans[splice.at][0] : splice.at ? spans[splice.at - 1][1] : 0;
  const to = splice.delete ? spans[splice.at + splice.delete - 1][1] : from;
  const caret = from + splice.insert.length;
  return { text: text.slice(0, from) + splice.insert + text.slice(to), selection: { start: caret, end: caret } };
}

/** Where each character of heldText(text, textarea) comes from in `text`: `[start, end)`. */
function heldSpans(text, textarea) {
  const spans = [];
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === '\r' || character === '\n') {
      if (!textarea) continue;
      const end = character === '\r' && text[index + 1] === '\n' ? index + 2 : index + 1;
      spans.push([index, end]);
      index = end - 1;
    } else {
      spans.push([index, index + 1]);
    }
  }
  return spans;
}

/** An input's selection, or null where it has none. */
function selectionOf(input) {
  return input.selectionStart === null ? null : { start: input.selectionStart, end: input.selectionEnd };
}
