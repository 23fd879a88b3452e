// The SwiftUI code panel: the current screen's equivalent code, with the line that just took
// effect highlighted. Lines carry tags after ⟦…⟧; an update names the tags it matches.

import { h } from './dom.js';
import { keyCase } from './keys.js';

const TOKEN = /(\/\/.*$)|("(?:[^"\\]|\\.)*")|(@\w+)|\b(struct|enum|case|var|let|private|func|if|else|guard|return|switch|for|in|some|nil|try|await|true|false|extension|self)\b|(\.\w+)/g;
const TOKEN_CLASSES = ['tok-comment', 'tok-string', 'tok-attribute', 'tok-keyword', 'tok-member'];

/** Tags an update's events on `screen` match, most specific first. */
export function highlightTags(events, screen) {
  const tags = [];
  const moves = events.filter((event) => event.kind === 'focus' && event.screen === screen);
  if (moves.length) {
    const { cause } = moves[0];
    const from = keyCase(moves[0].from);
    const to = keyCase(moves.at(-1).to);
    tags.push(`${cause}:${from}>${to}`, `${cause}:${from}>`, `${cause}:>${to}`, cause);
  }
  for (const event of events.filter((candidate) => !candidate.screen || candidate.screen === screen)) {
    if (event.kind === 'validation') tags.push(`validation:${event.valid ? 'valid' : 'invalid'}`);
    else if (event.kind === 'edit') tags.push(`edit:${keyCase(event.key)}`);
    else tags.push(event.kind);
  }
  return tags;
}

export class CodePanel {
  #lines = [];

  constructor(root, caption) {
    this.root = root;
    this.caption = caption;
  }

  /** Shows `source` (lines with optional ⟦tags⟧) for the screen titled `title`. */
  show(title, source) {
    this.caption.textContent = `· ${title}`;
    this.#lines = source.map((text) => {
      const match = /\s*⟦([^⟧]*)⟧$/.exec(text);
      const code = match ? text.slice(0, match.index) : text;
      return { element: h('span', { class: 'code-line' }, tokens(code), '\n'), tags: match ? match[1].split(',') : [] };
    });
    this.root.replaceChildren(...this.#lines.map((line) => line.element));
  }

  /** Highlights the first line matching one of `tags` in order; returns whether one matched. */
  highlight(tags) {
    const line = tags.map((tag) => this.#lines.find((candidate) => candidate.tags.includes(tag))).find(Boolean);
    if (!line) return false;
    for (const { element } of this.#lines) element.classList.remove('code-line-hit');
    // Restart the flash animation on the same line.
    void line.element.offsetWidth;
    line.element.classList.add('code-line-hit');
    const top = line.element.offsetTop - this.root.clientHeight / 3;
    this.root.scrollTo({ top: Math.max(0, top), behavior: 'instant' });
    return true;
  }
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
