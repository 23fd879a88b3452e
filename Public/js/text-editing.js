// The person's typing in the phone's text fields, handed to field-texts.js as splices, and everyone
// else's changes shown without moving the caret: applied with setRangeText, then the selection
// transformed through them. An IME composition is never interrupted: while the person composes,
// the field's changes wait, and are shown once the composed text has gone out.

/** How long after the person's last keystroke they count as typing. */
export const TYPING_QUIET_MS = 1500;

/**
 * Puts `text` in place of `input`'s selection as typing would, caret after it, and tells the page
 * (an `input` event): the simulated Return key and row actions such as Add Location.
 */
export function typeInto(input, text, start = input.selectionStart ?? input.value.length, end = input.selectionEnd ?? start) {
  input.setRangeText(text, start, end, 'end');
  input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
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
   * `root`: the element holding every screen; `texts`: the FieldTexts; `nameOf(input)`: the field
   * name of one of the screens' inputs (null for anything else); `inputOf(name)`: the input of a
   * field, if it is drawn.
   */
  constructor({ root, texts, nameOf, inputOf }) {
    this.texts = texts;
    this.nameOf = nameOf;
    this.inputOf = inputOf;
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
    texts.attach(this);
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
    if (operation && operation.baseLength === input.value.length) {
      for (const splice of operation.splices()) input.setRangeText(splice.insert, splice.at, splice.at + splice.delete);
    }
    if (input.value !== text) input.value = text;
    const shown = selectionOf(input);
    if (shown && (shown.start !== selection.start || shown.end !== selection.end)) {
      input.setSelectionRange(selection.start, selection.end);
    }
  }

  #typed() {
    this.#typedAt = performance.now();
  }

  #edited(input) {
    const name = this.nameOf(input);
    if (name) this.texts.edit(name, input.value, selectionOf(input));
  }
}

/** An input's selection, or null where it has none. */
function selectionOf(input) {
  return input.selectionStart === null ? null : { start: input.selectionStart, end: input.selectionEnd };
}
