// The SwiftUI code panel: the current screen's equivalent code, with the line that caused the
// latest change highlighted. Lines carry tags after ⟦…⟧; an update names the tags it matches.
//
// Scrolling rules: a screen opens at the top; a new highlight is scrolled into view when it is out
// of sight, but never while the person has scrolled the panel in the last few seconds, and never
// again for the same line (typing in one field leaves the panel alone).

import { h } from './dom.js';
import { keyCase } from './keys.js';
import { EventKind } from './protocol.js';
import { clock } from './clock.js';

const TOKEN = /(\/\/.*$)|("(?:[^"\\]|\\.)*")|(@\w+)|\b(struct|enum|case|var|let|private|func|if|else|guard|return|switch|for|in|some|nil|try|await|true|false|extension|self|import)\b|(\.\w+)/g;
const TOKEN_CLASSES = ['tok-comment', 'tok-string', 'tok-attribute', 'tok-keyword', 'tok-member'];
const TAGS = /\s*⟦([^⟧]*)⟧\s*$/;
/** The tag the lines a settings switch rewrote carry until the code changes again. */
const REWRITTEN = 'settings';
/** After the person scrolls the panel, it does not scroll itself for this long. */
export const HANDS_OFF_MS = 4000;
const INDENT = 4;
/** The shortest first line of a block that counts as the start of a lesson's one-line block. */
const MIN_OPENING = 12;

/**
 * Tags an update's events on `screen` match, best first: the first tag some line carries wins.
 * A switch wins over everything (its rewritten lines), then a cancelled auto-focus, validation
 * (by the field it found first, even when no field is bound to it), the focus move, row changes,
 * a scheduled auto-focus, the screen appearing, and last an edit.
 */
export function highlightTags(events, screen) {
  const here = events.filter((event) => (event.screen ?? screen) === screen);
  const tags = [];
  const kinds = new Set(here.map((event) => event.kind));
  if (kinds.has(EventKind.settings)) tags.push(REWRITTEN);
  if (kinds.has(EventKind.autoFocusCancelled)) tags.push(EventKind.autoFocusCancelled);
  for (const event of here.filter((candidate) => candidate.kind === EventKind.validation)) {
    tags.push(`validation:>${keyCase(event.firstInvalid)}`, `validation:${event.valid ? 'valid' : 'invalid'}`);
  }
  const moves = here.filter((event) => event.kind === EventKind.focus);
  if (moves.length) {
    // An animated move is two events (field → nil → field): read it as one.
    const { cause } = moves[0];
    const from = keyCase(moves[0].from);
    const to = keyCase(moves.at(-1).to);
    tags.push(`${cause}:${from}>${to}`, `${cause}:${from}>`, `${cause}:>${to}`, cause);
  }
  for (const kind of [EventKind.rowAdded, EventKind.rowRemoved, EventKind.autoFocusScheduled, EventKind.navigate]) {
    if (kinds.has(kind)) tags.push(kind);
  }
  for (const event of here.filter((candidate) => candidate.kind === EventKind.edit)) {
    tags.push(`edit:${keyCase(event.key)}`);
  }
  return [...new Set(tags)];
}

export class CodePanel {
  #lines = [];
  #title = null;
  #hits = [];
  #handsOffUntil = 0;
  #opening = false;
  /** Watches the first line: its size changes with the font size and the panel's width. */
  #resizes = new ResizeObserver((entries) => this.#resized(entries[0]));
  #lineSize = null;
  /** The lesson step's line of Swift, and the tags that tell its lines apart. */
  #lesson = { swift: null, tags: [] };

  constructor(root, caption) {
    this.root = root;
    this.caption = caption;
    // Scrolling by hand starts with one of these (a scroll event alone may be the browser's own
    // doing, such as keeping the text in place when the font size changes).
    const handsOff = () => { this.#handsOffUntil = clock.now() + HANDS_OFF_MS; };
    for (const type of ['wheel', 'touchmove', 'pointerdown']) root.addEventListener(type, handsOff, { passive: true });
    root.addEventListener('keydown', (event) => {
      if (['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '].includes(event.key)) handsOff();
    });
  }

  /**
   * Shows `source` (lines with optional ⟦tags⟧) for the screen titled `title`. Another screen opens
   * at the top; new code for the same screen (a switch flipped) marks the lines that changed, for
   * the update's highlight to show.
   */
  show(title, source) {
    const lines = source.map(parseLine);
    const sameScreen = title === this.#title;
    if (sameScreen && sameCode(lines, this.#lines)) {
      // Only the tags moved (or nothing did): keep the elements, so the highlight stays.
      this.#lines.forEach((line, index) => { line.tags = lines[index].tags; });
      this.#markLesson();
      return;
    }
    const rewritten = sameScreen ? changedLines(this.#lines, lines) : new Set();
    this.#title = title;
    this.caption.textContent = `· ${title}`;
    this.#lines = lines.map((line, index) => ({
      ...line,
      tags: rewritten.has(index) ? [...line.tags, REWRITTEN] : line.tags,
      element: render(line),
    }));
    this.#hits = [];
    this.root.replaceChildren(...this.#lines.map((line) => line.element));
    this.#markLesson();
    this.#resizes.disconnect();
    this.#lineSize = null;
    if (this.#lines.length) this.#resizes.observe(this.#lines[0].element);
    if (!sameScreen) {
      this.#scrollTo(0);
      // The update that opens a screen highlights its line without scrolling away from the top.
      this.#opening = true;
      queueMicrotask(() => { this.#opening = false; });
    }
  }

  /**
   * Highlights every line carrying the first of `tags` that any line carries. When none does, the
   * old highlight goes (a stale line would point at the wrong cause). Returns whether one matched.
   */
  highlight(tags) {
    if (!tags.length) return false;
    const tag = tags.find((candidate) => this.#lines.some((line) => line.tags.includes(candidate)));
    const hits = tag ? this.#lines.filter((line) => line.tags.includes(tag)) : [];
    if (sameMembers(hits, this.#hits)) return hits.length > 0;
    for (const { element } of this.#hits) element.classList.remove('code-line-hit');
    this.#hits = hits;
    if (!hits.length) return false;
    for (const { element } of hits) {
      // Restart the flash when a line is highlighted again after another.
      void element.offsetWidth;
      element.classList.add('code-line-hit');
    }
    if (!this.#opening) this.#reveal(hits[0].element, hits.at(-1).element);
    return true;
  }

  /**
   * Marks the lines that say `swift` (a lesson step's line of Swift, or null for none), the ones
   * carrying one of `tags` first when several do; a new step's lines are scrolled into view once.
   * Returns whether any line says it.
   */
  markLesson(swift, tags = []) {
    const moved = swift !== this.#lesson.swift;
    this.#lesson = { swift, tags };
    const marked = this.#markLesson();
    if (moved && marked.length && !this.#opening) this.#reveal(marked[0].element, marked.at(-1).element);
    return marked.length > 0;
  }

  #markLesson() {
    const marked = linesSaying(this.#lines, this.#lesson.swift, this.#lesson.tags);
    for (const line of this.#lines) line.element.classList.toggle('code-line-lesson', marked.includes(line));
    return marked;
  }

  /** A new font size or panel width moves the lines: bring the highlight back into view. */
  #resized({ contentRect: { width, height } }) {
    const size = `${Math.round(width)}x${Math.round(height)}`;
    const changed = this.#lineSize !== null && size !== this.#lineSize;
    this.#lineSize = size;
    if (changed && this.#hits.length) this.#reveal(this.#hits[0].element, this.#hits.at(-1).element);
  }

  /** Scrolls `first`…`last` into view unless they are in view or the person scrolled lately. */
  #reveal(first, last) {
    if (clock.now() < this.#handsOffUntil) return;
    const { root } = this;
    const top = first.offsetTop;
    const bottom = last.offsetTop + last.offsetHeight;
    if (top >= root.scrollTop && bottom <= root.scrollTop + root.clientHeight) return;
    const room = root.clientHeight - (bottom - top);
    this.#scrollTo(top - (room > 0 ? Math.min(room / 2, root.clientHeight / 3) : 0));
  }

  #scrollTo(top) {
    this.root.scrollTo({ top: Math.max(0, top), behavior: 'instant' });
  }
}

/** `{code, tags, indent}` of one source line. */
function parseLine(text) {
  const match = TAGS.exec(text);
  const code = (match ? text.slice(0, match.index) : text).trimEnd();
  const body = code.trimStart();
  return { code, body, indent: code.length - body.length, tags: match ? match[1].split(',') : [] };
}

/**
 * One line: its indentation in a span the style sheet sizes (so it can shrink on small screens and
 * still copies as spaces), then the tokens. Wrapped text hangs under the line's own indentation.
 */
function render({ body, indent }) {
  const element = h('span', { class: 'code-line' },
    indent ? h('span', { class: 'code-indent', text: ' '.repeat(indent) }) : null,
    tokens(body), '\n');
  element.style.setProperty('--indent', String(indent / INDENT));
  return element;
}

/**
 * The lines that say `swift`: the same code once comments and spacing are set aside, or else the
 * first line of it (a block written on one line in a lesson); those tagged with one of `tags`
 * when that narrows them down.
 */
function linesSaying(lines, swift, tags) {
  if (!swift) return [];
  const target = plainCode(swift);
  let found = lines.filter((line) => plainCode(line.code) === target);
  if (!found.length) {
    found = lines.filter((line) => {
      const code = plainCode(line.code);
      return code.length >= MIN_OPENING && target.startsWith(code);
    });
  }
  const tagged = found.filter((line) => line.tags.some((tag) => tags.includes(tag)));
  return tagged.length ? tagged : found;
}

/** Code without its comment, on single spaces. */
function plainCode(code) {
  return code.replace(/(^|\s)\/\/.*$/, '').replace(/\s+/g, ' ').trim();
}

function sameCode(a, b) {
  return a.length === b.length && a.every((line, index) => line.code === b[index].code);
}

function sameMembers(a, b) {
  return a.length === b.length && a.every((line, index) => line === b[index]);
}

/** Indices of `after`'s lines that are not part of a longest common run of lines with `before`. */
function changedLines(before, after) {
  const n = before.length;
  const m = after.length;
  const lengths = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lengths[i][j] = before[i].code === after[j].code
        ? lengths[i + 1][j + 1] + 1
        : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
    }
  }
  const changed = new Set();
  let i = 0;
  let j = 0;
  while (j < m) {
    if (i < n && before[i].code === after[j].code) {
      i += 1;
      j += 1;
    } else if (i < n && lengths[i + 1][j] >= lengths[i][j + 1]) {
      i += 1;
    } else {
      changed.add(j);
      j += 1;
    }
  }
  return changed;
}

function tokens(code) {
  const parts = [];
  let last = 0;
  for (const match of code.matchAll(TOKEN)) {
    if (match.index > last) parts.push(code.slice(last, match.index));
    const group = match.slice(1).findIndex((value) => value !== undefined);
    parts.push(h('span', { class: TOKEN_CLASSES[group], text: match[0] }));
    last = match.index + match[0].length;
  }
  if (last < code.length) parts.push(code.slice(last));
  return parts;
}
