// Which lines of the source the editor shows, shared so a class reads what the teacher shows: the
// presenter's page tells the first line its editor shows (`view` messages, at most ten a second,
// only when it changed; docs/PROTOCOL.md, "Carets in the source"), and a viewer's read-only
// editor scrolls to the presenter's first line each time it is told it (`top` in `carets`).

/** The least time between two `view` messages. */
const EVERY_MS = 100;

export class SourceView {
  /** The first line last told, or null when the server knows none of ours. */
  #told = null;
  #timer = 0;
  #lastAt = -Infinity;
  /** The presenter's first line this page last scrolled to. */
  #followed = null;

  /**
   * `editor`: the SourceEditor; `tell(message)`: sends a message that is not an intent, returning
   * whether it went; `presenting()`: whether this page presents (it may edit, and its person is
   * the first editor present).
   */
  constructor({ editor, tell, presenting }) {
    this.editor = editor;
    this.tell = tell;
    this.presenting = presenting;
    editor.scroller.addEventListener('scroll', () => this.#moved(), { passive: true });
  }

  /** A new connection: the server knows no view of ours, so it is told again. */
  reconnected() {
    this.#told = null;
    this.#followed = null;
    this.#moved();
  }

  /** The page's role or the people changed: a page that now presents tells its view. */
  check() {
    this.#moved();
  }

  /** A viewer's page: show the source from the presenter's first line `top` (null: not told yet). */
  follow(top) {
    if (top === null || top === undefined || top === this.#followed) return;
    const line = this.editor.lines.children[Math.min(top, this.editor.lines.children.length) - 1];
    if (!line) return;
    this.#followed = top;
    const box = this.editor.scroller;
    box.scrollTo({ top: offsetIn(box, line), behavior: 'instant' });
  }

  #moved() {
    if (!this.presenting() || this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = 0;
      this.#send();
    }, Math.max(0, this.#lastAt + EVERY_MS - performance.now()));
  }

  #send() {
    if (!this.presenting()) return;
    const top = firstLineShown(this.editor.scroller, this.editor.lines.children);
    if (top === null || top === this.#told) return;
    if (!this.tell({ type: 'view', top })) return;
    this.#told = top;
    this.#lastAt = performance.now();
  }
}

/** How far down `box`'s scrolled content `element` starts. */
function offsetIn(box, element) {
  return element.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop - box.clientTop;
}

/** The first line (from 1) of `lines` whose bottom is below the top of `box`'s view, or null. */
function firstLineShown(box, lines) {
  if (!lines.length) return null;
  const top = box.scrollTop;
  let low = 0;
  let high = lines.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (offsetIn(box, lines[middle]) + lines[middle].offsetHeight <= top + 1) low = middle + 1;
    else high = middle;
  }
  return low + 1;
}
