// The source editor: the text area people type the source into (`#source-text`), laid exactly over
// an aria-hidden list of the same text's lines (`#source-lines`) that shows what the text area's
// transparent text cannot: the line numbers in a gutter, the server's syntax colours, the line of
// the last event or of the statement Step shows (`aria-current`, one element per line), the
// bracket at the caret with its partner, the match the find box selected, the diagnostics
// (source-diagnostics.js: underlined, marked in the gutter), and the other editors' carets and
// selections in their colours (source-carets.js says where they are). Both lie in one box that
// scrolls, so they scroll together; the text area is as tall as its lines and never scrolls by
// itself. Undo and redo take back and put back the person's own changes only (source-history.js),
// never the browser's own undo, which knows nothing of everyone else's.

import { h } from '../dom.js';
import { spliceBetween } from '../splice-between.js';
import { TEXT_SHOWN, setValueKeepingCaret, typeInto } from '../text-editing.js';
import { drawableHighlights, movedHighlights, paintedLines, matchingBrackets } from './source-paint.js';
import { SourceHistory, stepKind } from './source-history.js';
import { GutterMarks, diagnosticMarks, utf16Offset } from './source-diagnostics.js';

export class SourceEditor {
  /**
   * The server's last colours and diagnostics (their places, `marks`) and the text they are of;
   * carried onto the text as edited since.
   */
  #colours = { text: '', highlights: [], marks: [] };
  /** What each line drawn shows (its pieces, as JSON): only the lines that change are drawn again. */
  #drawn = [];
  /** The marked line's number (from 1), or null. */
  #marked = null;
  /** The line the lesson's step is about (from 1), or null. */
  #lessonLine = null;
  /** The match the find box selected (`{at, length}`), or null. */
  #found = null;
  /** The marks in the line-number gutter of the lines with diagnostics. */
  #gutter;
  /** The other editors' carets: `{member, name, color, start, end}` in the text shown. */
  #peers = [];
  /** Their colours by member id, for the pieces of their selections. */
  #peerColours = new Map();
  #frame = 0;
  /** Watches the box and its first line: a new font size or panel width moves the lines. */
  #resizes = new ResizeObserver(() => this.#resized());
  #observed = null;
  #size = null;
  /** The person's own steps, to undo and redo. */
  #history = new SourceHistory();
  /** The person is composing with an IME: the text area holds text that is nobody's change yet. */
  #composing = false;
  /** An undo or redo is being typed: its `input` events are no new steps. */
  #replaying = false;

  /** `scroller`: the box both scroll in; `lines`: the `<ol>` drawn under `text`, the text area. */
  constructor({ scroller, lines, text }) {
    this.scroller = scroller;
    this.lines = lines;
    this.text = text;
    // The person's typing (drawn at once, so the lines never lag the text) and everyone else's.
    text.addEventListener('input', () => this.redraw());
    text.addEventListener(TEXT_SHOWN, (event) => {
      this.#history.caughtUp(text.value, event.detail?.operation);
      this.redraw();
    });
    this.#keepHistory();
    // The caret moved: the brackets marked move with it.
    document.addEventListener('selectionchange', () => {
      if (document.activeElement === text) this.#redrawSoon();
    });
    text.addEventListener('focus', () => this.#redrawSoon());
    text.addEventListener('blur', () => this.#redrawSoon());
    this.#resizes.observe(scroller);
    this.#gutter = new GutterMarks(lines, {
      onPick: (at) => {
        text.focus({ preventScroll: true });
        text.setSelectionRange(at, at);
      },
    });
  }

  /**
   * Shows `text` (null: leave the text area alone, its person is composing) in the colours the
   * server sent for `source`, with its diagnostics; `editable`: the person may type.
   */
  show(text, { source, highlights = [], diagnostics = [] }, { editable }) {
    // A text being read has no colours yet, and its diagnostics are still the last text's: the
    // last ones stay, carried onto it.
    const read = (numbers) => ({ text: source, highlights: drawableHighlights(source, numbers), marks: diagnosticMarks(source, diagnostics) });
    if (highlights.length) this.#colours = read(highlights);
    else if (!this.#colours.highlights.length) this.#colours = read([]);
    this.text.readOnly = !editable;
    if (text !== null) setValueKeepingCaret(this.text, text);
    // What shows when the person may not type (the past, a viewer's page) is not the text they undo in.
    if (text !== null && editable) this.#history.caughtUp(this.text.value);
    this.redraw();
  }

  /** Undoes the person's own last change still there (Ctrl+Z), as an edit of theirs. */
  undo() {
    this.#replay(() => this.#history.undo(), 'historyUndo');
  }

  /** Redoes the person's last change undone (Ctrl+Shift+Z, Ctrl+Y), as an edit of theirs. */
  redo() {
    this.#replay(() => this.#history.redo(), 'historyRedo');
  }

  /** Draws the lines of the text area's text as they are now. */
  redraw() {
    cancelAnimationFrame(this.#frame);
    const text = this.text.value;
    const colours = movedHighlights(this.#colours.highlights, this.#colours.text, text);
    const ranges = colours.map(({ at, length, kind }) => ({ at, length, name: `syntax-${kind}` }));
    const marks = movedHighlights(this.#colours.marks, this.#colours.text, text);
    ranges.push(...marks.map(({ at, length, severity }) => ({ at, length, name: `diagnostic-${severity}` })));
    ranges.push(...this.#bracketRanges(text, colours));
    if (this.#found && this.#found.at + this.#found.length <= text.length) ranges.push({ ...this.#found, name: 'source-found' });
    ranges.push(...peerRanges(this.#peers, text.length));
    const painted = paintedLines(text, ranges);
    painted.forEach(({ text: line, pieces }, index) => {
      const key = JSON.stringify(pieces);
      if (this.#drawn[index] === key) return;
      this.#drawn[index] = key;
      const element = this.lines.children[index] ?? this.lines.appendChild(h('li', { class: 'source-line', dataset: { line: String(index + 1) } }));
      // An empty line keeps a space, so it has a line's height and its marks a place.
      element.replaceChildren(...pieces.map((piece) => this.#pieceNode(piece)), ...(line ? [] : [' ']));
    });
    while (this.lines.children.length > painted.length) this.lines.lastElementChild.remove();
    this.#drawn.length = painted.length;
    this.#gutter.show(text, marks);
    this.scroller.style.setProperty('--digits', String(String(painted.length).length));
    if (this.#marked > painted.length) this.mark(null);
    this.#paintLessonLine();
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

  /**
   * Draws the other editors' carets and selections: `peers`, `{member, name, color, start, end}`
   * in the text shown (a caret bar at `end`, with the name beside it).
   */
  showPeers(peers) {
    this.#peers = peers;
    this.#peerColours = new Map(peers.map(({ member, color }) => [member, color]));
    this.redraw();
  }

  /** Marks line `line` (from 1) as the one the lesson's step is about; null takes the mark away. */
  markLesson(line) {
    if (line === this.#lessonLine) return;
    this.#lessonLine = line;
    this.#paintLessonLine();
  }

  /** The lesson's line on the lines drawn now (lines come and go as the text changes). */
  #paintLessonLine() {
    const element = this.#lessonLine ? this.lines.children[this.#lessonLine - 1] ?? null : null;
    for (const marked of this.lines.querySelectorAll('.source-line-lesson')) {
      if (marked !== element) marked.classList.remove('source-line-lesson');
    }
    element?.classList.add('source-line-lesson');
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

  /**
   * Records each change the person makes as a step of theirs; the browser's own undo and redo
   * (the Edit menu) become the editor's.
   */
  #keepHistory() {
    const { text } = this;
    text.addEventListener('beforeinput', (event) => {
      if (event.inputType === 'historyUndo' || event.inputType === 'historyRedo') {
        event.preventDefault();
        if (event.inputType === 'historyUndo') this.undo();
        else this.redo();
      } else if (!this.#composing) {
        // A change made without an event (none should be) counts as someone else's.
        this.#history.caughtUp(text.value);
      }
    });
    text.addEventListener('input', (event) => {
      if (!event.isComposing && !this.#composing && !this.#replaying) this.#record(event.inputType);
    });
    text.addEventListener('compositionstart', () => {
      this.#composing = true;
    });
    text.addEventListener('compositionend', () => {
      this.#composing = false;
      this.#record('insertFromComposition');
    });
  }

  /** The person changed the text area's text by an input of `inputType`: a step, or part of one. */
  #record(inputType) {
    const before = this.#history.text;
    const after = this.text.value;
    if (before === after) return;
    const splice = spliceBetween(before, after, this.text.selectionEnd);
    this.#history.edited(splice, stepKind(inputType, splice), performance.now());
  }

  /**
   * Makes the operation `step()` takes from the history, splice by splice, as the person's own
   * typing of `inputType` (so it goes out as their splices), the caret after its last change and
   * that line in view.
   */
  #replay(step, inputType) {
    if (this.text.readOnly || this.#composing) return;
    this.#history.caughtUp(this.text.value);
    const operation = step();
    if (!operation) return;
    this.#replaying = true;
    try {
      for (const splice of operation.splices()) typeInto(this.text, splice.insert, splice.at, splice.at + splice.delete, inputType);
    } finally {
      this.#replaying = false;
    }
    const caret = this.text.selectionEnd;
    this.#reveal(this.lines.children[this.text.value.slice(0, caret).split('\n').length - 1]);
  }

  /**
   * A piece's node: another editor's caret (a bar in their colour, their name beside it), or text
   * in a span of its classes, in the colour of the first person whose selection it lies in.
   */
  #pieceNode(piece) {
    if (piece.mark) {
      const { member, name, color } = piece.mark;
      // The name is drawn from an attribute, not as text: the line's text stays the source's.
      const caret = h('span', { class: 'source-peer-caret', dataset: { member } }, h('span', { class: 'source-peer-name', dataset: { name } }));
      caret.style.setProperty('--peer', color);
      return caret;
    }
    const node = pieceNode(piece);
    const peer = piece.classes.find((name) => name.startsWith(`${PEER}-`));
    if (peer) node.style.setProperty('--peer', this.#peerColours.get(peer.slice(PEER.length + 1)) ?? 'currentColor');
    return node;
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

/** The name of the range under one person's selection; `source-peer` is under everyone's. */
const PEER = 'source-peer';

/** The ranges the editors `peers` paint: each selection as a band, each caret as a mark at its end. */
function peerRanges(peers, length) {
  const ranges = [];
  for (const { member, name, color, start, end } of peers) {
    const [from, to] = [Math.min(start, length), Math.min(end, length)];
    if (to > from) ranges.push({ at: from, length: to - from, name: PEER }, { at: from, length: to - from, name: `${PEER}-${member}` });
    ranges.push({ at: to, mark: { member, name, color } });
  }
  return ranges;
}
