// The source editor's find box: Ctrl+F (⌘F) in the editor or its Find button opens it; what is
// typed is looked for in the source (upper and lower case alike) and the first match from the
// caret on is selected; Enter and Shift+Enter (or the Next and Previous buttons) go to the next
// and the previous match, round the end; Escape (or Close) closes it and returns to the editor,
// the match still selected.

import { byId } from '../dom.js';

export class SourceFind {
  /** `editor`: the SourceEditor whose text is searched. */
  constructor(editor) {
    this.editor = editor;
    this.box = byId('source-find');
    this.input = byId('source-find-text');
    this.count = byId('source-find-count');
    this.opener = byId('source-find-open');
    this.opener.addEventListener('click', () => this.open());
    byId('source-find-next').addEventListener('click', () => this.#go(1));
    byId('source-find-previous').addEventListener('click', () => this.#go(-1));
    byId('source-find-close').addEventListener('click', () => this.close());
    this.input.addEventListener('input', () => this.#go(0));
    this.box.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        this.close();
      } else if (event.key === 'Enter' && event.target === this.input) {
        event.preventDefault();
        this.#go(event.shiftKey ? -1 : 1);
      } else if (event.key.toLowerCase() === 'f' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        this.input.select();
      }
    });
  }

  /** Opens the box (with the editor's selection in it, when that is part of one line) and focuses it. */
  open() {
    const { value, selectionStart, selectionEnd } = this.editor.text;
    const selected = value.slice(selectionStart, selectionEnd);
    if (selected && !selected.includes('\n')) this.input.value = selected;
    this.box.hidden = false;
    this.opener.setAttribute('aria-expanded', 'true');
    this.input.focus();
    this.input.select();
    if (this.input.value) this.#go(0);
  }

  /** Closes the box and puts the person back in the editor. */
  close() {
    if (this.box.hidden) return;
    this.box.hidden = true;
    this.opener.setAttribute('aria-expanded', 'false');
    this.count.textContent = '';
    this.editor.endFind();
  }

  /**
   * Selects a match: `step` 0 the first from the selection's start on, 1 the next after it, -1
   * the one before it (round the ends); says which of how many.
   */
  #go(step) {
    const wanted = this.input.value;
    if (!wanted) {
      this.count.textContent = '';
      return;
    }
    const matches = matchesOf(this.editor.text.value, wanted);
    if (!matches.length) {
      this.count.textContent = 'No matches';
      return;
    }
    const { selectionStart } = this.editor.text;
    let index;
    if (step < 0) index = matches.findLastIndex((at) => at < selectionStart);
    else index = matches.findIndex((at) => (step === 0 ? at >= selectionStart : at > selectionStart));
    if (index === -1) index = step < 0 ? matches.length - 1 : 0;
    this.editor.select(matches[index], wanted.length);
    this.count.textContent = `${index + 1} of ${matches.length}`;
  }
}

/** Where `wanted` occurs in `text`, without overlaps, upper and lower case alike (exactly, where lower case would change the length). */
function matchesOf(text, wanted) {
  let haystack = text.toLowerCase();
  let needle = wanted.toLowerCase();
  if (haystack.length !== text.length || needle.length !== wanted.length) [haystack, needle] = [text, wanted];
  const found = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}
