// The source editor: the text area people type the source into (`#source-text`), laid exactly over
// an aria-hidden list of the same text's lines (`#source-lines`) that shows what the text area's
// transparent text cannot: the line numbers in a gutter, the server's syntax colours, the line of
// the last event or of the statement Step shows (`aria-current`, one element per line), the bracket at the caret with its partner,
// and the match the find box selected. Both lie in one box that scrolls, so they scroll together;
// the text area is as tall as its lines and never scrolls by itself.

import { h } from '../dom.js';
import { TEXT_SHOWN, setValueKeepingCaret } from '../text-editing.js';
import { drawableHighlights, movedHighlights, paintedLines, matchingBrackets } from './source-paint.js';

export class SourceEditor {
  /** The server's last colours and the text they are of; carried onto the text as edited since. */
  #colours = { text: '', highlights: [] };
  /** What each line drawn shows (its pieces, as JSON): only the lines that change are drawn again. */
  #drawn = [];
  /** The marked line's number (from 1), or null. */
  #marked = null;
  /** The match the find box selected (`{at, length}`), or null. */
  #found = null;
  #frame = 0;
  /** Watches the box and its first line: a new font size or panel width moves the lines. */
  #resizes = new ResizeObserver(() => this.#resized());
  #observed = null;
  #size = null;

  /** `scroller`: the box both scroll in; `lines`: the `<ol>` drawn under `text`, the text area. */
  constructor({ scroller, lines, text }) {
    this.scroller = scroller;
    this.lines = lines;
    this.text = text;
    // The person's typing (drawn at once, so the lines never lag the text) and everyone else's.
    text.addEventListener('input', () => this.redraw());
    text.addEventListener(TEXT_SHOWN, () => this.redraw());
    // The caret moved: the brackets marked move with it.
    document.addEventListener('selectionchange', () => {
      if (document.activeElement === text) this.#redrawSoon();
    });
    text.addEventListener('focus', () => this.#redrawSoon());
    text.addEventListener('blur', () => this.#redrawSoon());
    this.#resizes.observe(scroller);
  }

  /**
   * Shows `text` (null: leave the text area alone, its person is composing) in the colours the
   * server sent for `source`; `editable`: the person may type.
   */
  show(text, { source, highlights = [] }, { editable }) {
    // A text being read has no colours yet: the last ones stay, carried onto it.
    if (highlights.length) this.#colours = { text: source, highlights: drawableHighlights(source, highlights) };
    else if (!this.#colours.highlights.length) this.#colours = { text: source, highlights: [] };
    this.text.readOnly = !editable;
    if (text !== null) setValueKeepingCaret(this.text, text);
    this.redraw();
  }

  /** Draws the lines of the text area's text as they are now. */
  redraw() {
    cancelAnimationFrame(this.#frame);
    const text = this.text.value;
    const colours = movedHighlights(this.#colours.highlights, this.#colours.text, text);
    const ranges = colours.map(({ at, length, kind }) => ({ at, length, name: `syntax-${kind}` }));
    ranges.push(...this.#bracketRanges(text, colours));
    if (this.#found && this.#found.at + this.#found.length <= text.length) ranges.push({ ...this.#found, name: 'source-found' });
    const painted = paintedLines(text, ranges);
    painted.forEach(({ text: line, pieces }, index) => {
      const key = JSON.stringify(pieces);
      if (this.#drawn[index] === key) return;
      this.#drawn[index] = key;
      const element = this.lines.children[index] ?? this.lines.appendChild(h('li', { class: 'source-line', dataset: { line: String(index + 1) } }));
      element.replaceChildren(...(line ? pieces.map(pieceNode) : [' ']));
    });
    while (this.lines.children.length > painted.length) this.lines.lastElementChild.remove();
    this.#drawn.length = painted.length;
    this.scroller.style.setProperty('--digits', String(String(painted.length).length));
    if (this.#marked > painted.length) this.mark(null);
    const first = this.lines.firstElementChild;
    if (first !== this.#observed) {
      if (this.#observed) this.#resizes.unobserve(this.#observed);
      this.#observed = first;
      if (first) this.#resizes.observe(first);
    }
  }

  /**
   * Marks line `line` (from 1) as the one behind the last event (`step`: the statement Step
   * shows, marked more strongly), scrolled into view when it is newly marked; null takes the
   * mark away.
   */
  mark(line, { step = false } = {}) {
    const element = line ? this.lines.children[line - 1] ?? null : null;
    const marked = this.#markedElement();
    element?.classList.toggle('source-line-step', step);
    if (element === marked) return;
    marked?.removeAttribute('aria-current');
    marked?.classList.remove('source-line-current', 'source-line-step');
    this.#marked = element ? line : null;
    element?.setAttribute('aria-current', 'true');
    element?.classList.add('source-line-current');
    if (element) this.#reveal(element);
  }

  /** Puts the caret at `line`, `column` (from 1; the column in UTF-8 bytes, as a diagnostic counts) and focuses the editor. */
  goTo(line, column = 1) {
    const lines = this.text.value.split('\n');
    const row = Math.min(Math.max(line, 1), lines.length) - 1;
    let offset = 0;
    for (let index = 0; index < row; index += 1) offset += lines[index].length + 1;
    offset += utf16Offset(lines[row], (column ?? 1) - 1);
    this.text.focus({ preventScroll: true });
    this.text.setSelectionRange(offset, offset);
    this.#reveal(this.lines.children[row]);
  }

  /** Selects `length` code units at `at` for the find box: marked on the lines, scrolled into view. */
  select(at, length) {
    this.#found = { at, length };
    this.text.setSelectionRange(at, at + length);
    this.redraw();
    this.#reveal(this.lines.children[this.text.value.slice(0, at).split('\n').length - 1]);
  }

  /** The find box closed: the match stays selected, and the person is back in the editor. */
  endFind() {
    this.#found = null;
    this.text.focus({ preventScroll: true });
    this.redraw();
  }

  #markedElement() {
    return this.#marked ? this.lines.children[this.#marked - 1] ?? null : null;
  }

  /** The bracket at the caret and its partner, while the editor has focus and nothing is selected. */
  #bracketRanges(text, colours) {
    const { selectionStart, selectionEnd } = this.text;
    if (document.activeElement !== this.text || selectionStart !== selectionEnd) return [];
    const brackets = matchingBrackets(text, selectionStart, colours);
    if (!brackets) return [];
    if (brackets.partner === null) return [{ at: brackets.at, length: 1, name: 'source-bracket-alone' }];
    return [brackets.at, brackets.partner].map((at) => ({ at, length: 1, name: 'source-bracket' }));
  }

  #redrawSoon() {
    cancelAnimationFrame(this.#frame);
    this.#frame = requestAnimationFrame(() => this.redraw());
  }

  /** The box or its first line changed size (a font size, a layout): the marked line comes back into view. */
  #resized() {
    const first = this.lines.firstElementChild;
    const size = [this.scroller.clientWidth, this.scroller.clientHeight, first?.offsetWidth, first?.offsetHeight].join('x');
    const changed = this.#size !== null && size !== this.#size;
    this.#size = size;
    const marked = this.#markedElement();
    if (changed && marked) this.#reveal(marked);
  }

  /** Scrolls the box (never the page) to show `element` if it is out of view. */
  #reveal(element) {
    if (!element) return;
    const box = this.scroller;
    const top = element.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop - box.clientTop;
    const bottom = top + element.offsetHeight;
    if (top >= box.scrollTop && bottom <= box.scrollTop + box.clientHeight) return;
    box.scrollTo({ top: Math.max(0, top - box.clientHeight / 3), behavior: 'instant' });
  }
}

/** A piece of a line: its text, in a span named after what is over it. */
function pieceNode({ text, classes }) {
  return classes.length ? h('span', { class: classes.join(' '), text }) : text;
}

/** The UTF-16 offset in `line` of its `bytes`th UTF-8 byte (a diagnostic's column counts bytes). */
function utf16Offset(line, bytes) {
  const encoder = new TextEncoder();
  let seen = 0;
  let offset = 0;
  for (const character of line) {
    if (seen >= bytes) break;
    seen += encoder.encode(character).length;
    offset += character.length;
  }
  return offset;
}
