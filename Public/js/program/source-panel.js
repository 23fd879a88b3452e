// The code panel: the source the session runs as numbered lines, the line of the last event
// marked (`aria-current`), from the line numbers the server sends with each event (never by
// matching text); a text area to change the source, Run (editors only) to run it instead, Restart
// (editors only) to run the program from its start (the `restart` intent: every value as it
// begins, the first screen appearing again), and the diagnostics of the last Run or of the source
// running. The lines are drawn in the syntax colours the server sends (`program.highlights`: the
// Swift compiler's own classification, as UTF-16 ranges of the source). Nothing here reads Swift.

import { h, byId } from '../dom.js';
import { ErrorCode, DiagnosticSeverity, HighlightKind } from '../protocol.js';

const SEVERITY = { [DiagnosticSeverity.error]: 'Error', [DiagnosticSeverity.warning]: 'Warning', [DiagnosticSeverity.note]: 'Note' };

export class SourcePanel {
  /** The source the lines and the text area were last drawn from, and the colours of the lines. */
  #source = null;
  #highlights = null;
  /** The last Run's answer while it still applies: `{running, diagnostics, status}`. */
  #result = null;
  #marked = null;
  #running = false;
  #editable = false;
  /** Watches the list and its first line: a new font size or panel width moves the lines. */
  #resizes = new ResizeObserver(() => this.#resized());
  #size = null;

  /**
   * `sessionId()`: the capability of this page's session; `onNotice(text)`: a refusal to tell;
   * `onRestart()`: sends the `restart` intent.
   */
  constructor({ sessionId, onNotice, onRestart }) {
    this.sessionId = sessionId;
    this.onNotice = onNotice;
    this.onRestart = onRestart;
    this.root = byId('program-source');
    this.lines = byId('source-lines');
    this.text = byId('source-text');
    this.run = byId('source-run');
    this.restart = byId('source-restart');
    this.status = byId('source-status');
    this.diagnostics = byId('source-diagnostics');
    this.readOnlyNote = byId('source-read-only');
    this.run.addEventListener('click', () => this.#run());
    this.restart.addEventListener('click', () => {
      // A viewer, or the past, changes nothing (the button is hidden then, as Run is).
      if (this.#editable) this.onRestart();
    });
    this.text.addEventListener('keydown', (event) => {
      // Cmd/Ctrl+Enter runs, as in a playground.
      if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        this.#run();
      }
    });
  }

  /**
   * Draws `program` (`{source, diagnostics}`); `editable`: this page may change the session
   * (otherwise the source is read-only and there is no Run or Restart).
   */
  show(program, { editable }) {
    // Hidden until there is a source to show.
    this.root.hidden = false;
    this.#editable = editable;
    const highlights = program.highlights ?? [];
    if (program.source !== this.#source) {
      // The person's own unsent edits stay; an untouched text area shows the new source.
      if (this.#source === null || this.text.value === this.#source) this.text.value = program.source;
      this.#source = program.source;
      this.#drawLines(highlights);
      this.#marked = null;
    } else if (!sameHighlights(highlights, this.#highlights)) {
      // The same text read again (an edited text's colours arrive after it): the mark stays.
      const marked = this.#marked ? Number(this.#marked.dataset.line) : null;
      this.#drawLines(highlights);
      this.#marked = null;
      if (marked) this.#setMark(this.lines.children[marked - 1] ?? null);
    }
    if (this.#result && this.#result.running !== program.source) this.#result = null;
    this.text.readOnly = !editable;
    this.run.hidden = !editable;
    this.restart.hidden = !editable;
    this.restart.setAttribute('aria-disabled', String(!editable));
    this.readOnlyNote.hidden = editable;
    this.run.setAttribute('aria-disabled', String(this.#running));
    this.status.textContent = this.#result?.status ?? '';
    this.#showDiagnostics(this.#result?.diagnostics ?? program.diagnostics ?? []);
  }

  /**
   * Marks source line `line` (1-based) as the one behind the last event, scrolled into view when
   * it is newly marked; null takes the mark away.
   */
  mark(line) {
    const element = line ? this.lines.children[line - 1] ?? null : null;
    if (element === this.#marked) return;
    this.#setMark(element);
    if (element) this.#reveal(element);
  }

  #setMark(element) {
    this.#marked?.removeAttribute('aria-current');
    this.#marked?.classList.remove('source-line-current');
    this.#marked = element;
    element?.setAttribute('aria-current', 'true');
    element?.classList.add('source-line-current');
  }

  /**
   * Draws `#source` as numbered lines in the colours of `highlights`. A long line wraps, the rest
   * of it hanging under the line's own indentation (its leading white space, counted).
   */
  #drawLines(highlights) {
    this.#highlights = highlights;
    const texts = this.#source.split('\n');
    this.lines.replaceChildren(...colouredLines(this.#source, highlights).map((nodes, index) => {
      const line = h('li', { class: 'source-line', dataset: { line: String(index + 1) } }, h('code', {}, nodes.length ? nodes : ' '));
      line.style.setProperty('--indent', String(indentOf(texts[index])));
      return line;
    }));
    this.#resizes.disconnect();
    this.#size = null;
    this.#resizes.observe(this.lines);
    if (this.lines.firstElementChild) this.#resizes.observe(this.lines.firstElementChild);
  }

  /** The list or its first line changed size (a font size, a layout): the marked line comes back into view. */
  #resized() {
    const first = this.lines.firstElementChild;
    const size = [this.lines.clientWidth, this.lines.clientHeight, first?.offsetWidth, first?.offsetHeight].join('x');
    const changed = this.#size !== null && size !== this.#size;
    this.#size = size;
    if (changed && this.#marked) this.#reveal(this.#marked);
  }

  /** Scrolls the line list (never the page) to show `element` if it is out of view. */
  #reveal(element) {
    const list = this.lines;
    const top = element.offsetTop;
    const bottom = top + element.offsetHeight;
    if (top >= list.scrollTop && bottom <= list.scrollTop + list.clientHeight) return;
    list.scrollTo({ top: Math.max(0, top - list.clientHeight / 3), behavior: 'instant' });
  }

  #showDiagnostics(diagnostics) {
    if (!diagnostics.length) {
      this.diagnostics.replaceChildren(h('li', { class: 'source-diagnostic-none', text: 'No problems.' }));
      return;
    }
    this.diagnostics.replaceChildren(...diagnostics.map((diagnostic) => h('li', {
      class: `source-diagnostic source-diagnostic-${diagnostic.severity}`,
    }, h('button', {
      type: 'button', class: 'source-diagnostic-button', dataset: { line: String(diagnostic.line) },
      onclick: () => this.#goTo(diagnostic.line, diagnostic.column),
    },
    h('span', { class: 'source-diagnostic-where', text: `Line ${diagnostic.line}` }), ' ',
    h('span', { class: 'source-diagnostic-severity', text: SEVERITY[diagnostic.severity] ?? diagnostic.severity }), ' ',
    h('span', { class: 'source-diagnostic-message', text: diagnostic.message })))));
  }

  /** Puts the text area's caret at `line`, `column` (1-based) and focuses it. */
  #goTo(line, column = 1) {
    const lines = this.text.value.split('\n');
    const row = Math.min(Math.max(line, 1), lines.length) - 1;
    let offset = 0;
    for (let index = 0; index < row; index += 1) offset += lines[index].length + 1;
    offset += utf16Offset(lines[row], (column ?? 1) - 1);
    this.text.focus();
    this.text.setSelectionRange(offset, offset);
    // Keep the caret's line in view: about its share of the text area's height.
    const share = row / Math.max(lines.length, 1);
    this.text.scrollTop = Math.max(0, share * this.text.scrollHeight - this.text.clientHeight / 3);
  }

  /** Runs the text area's source instead of the one running (`PUT …/source`). */
  async #run() {
    if (!this.#editable || this.#running) return;
    const source = this.text.value;
    const running = this.#source;
    this.#running = true;
    this.run.setAttribute('aria-disabled', 'true');
    this.status.textContent = 'Running…';
    try {
      const response = await fetch(`api/sessions/${encodeURIComponent(this.sessionId())}/source`, {
        method: 'PUT', headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ source }),
      });
      const answer = await response.json().catch(() => ({}));
      if (response.ok) {
        const diagnostics = answer.diagnostics ?? [];
        const warnings = diagnostics.length ? `${diagnostics.length} ${diagnostics.length === 1 ? 'warning' : 'warnings'}` : 'no warnings';
        this.#result = { running: source, diagnostics, status: `Running the new source: ${warnings}.` };
      } else if (answer.error?.code === ErrorCode.badSource) {
        const diagnostics = answer.error.diagnostics ?? [];
        const errors = diagnostics.filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.error).length;
        this.#result = {
          running, diagnostics,
          status: `Not run: ${errors} ${errors === 1 ? 'error' : 'errors'}. The program that runs stays as it was.`,
        };
      } else {
        this.#result = null;
        this.onNotice(answer.error?.message ?? `The source could not be run (HTTP ${response.status}).`);
      }
    } catch {
      this.#result = null;
      this.onNotice('The server could not be reached: the source was not run.');
    } finally {
      this.#running = false;
      this.run.setAttribute('aria-disabled', 'false');
      this.status.textContent = this.#result?.status ?? '';
      if (this.#result) this.#showDiagnostics(this.#result.diagnostics);
    }
  }
}

const KINDS = new Set(Object.values(HighlightKind));

/**
 * `source`'s lines, each as the nodes to draw it with: its text, and the part of each highlight
 * on it in `<span class="syntax-<kind>">` (a highlight may run over several lines). Highlights
 * come in source order; one of a kind the page does not know, or outside the text, is left out.
 */
function colouredLines(source, highlights) {
  const ranges = highlights.filter(({ at, length, kind }) => KINDS.has(kind)
    && Number.isInteger(at) && Number.isInteger(length) && at >= 0 && length > 0 && at + length <= source.length);
  let first = 0;
  let start = 0;
  return source.split('\n').map((line) => {
    const end = start + line.length;
    while (first < ranges.length && ranges[first].at + ranges[first].length <= start) first += 1;
    const nodes = [];
    let cursor = start;
    for (let index = first; index < ranges.length && ranges[index].at < end; index += 1) {
      const { at, length, kind } = ranges[index];
      const from = Math.max(at, cursor);
      const to = Math.min(at + length, end);
      if (to <= from) continue;
      if (from > cursor) nodes.push(source.slice(cursor, from));
      nodes.push(h('span', { class: `syntax-${kind}`, text: source.slice(from, to) }));
      cursor = to;
    }
    if (end > cursor) nodes.push(source.slice(cursor, end));
    start = end + 1;
    return nodes;
  });
}

/** How wide a line's leading white space is, in characters (a tab as four, as the text area shows it). */
function indentOf(line) {
  const leading = /^[ \t]*/.exec(line)[0];
  return leading.length + 3 * (leading.split('\t').length - 1);
}

/** Whether two lists of highlights are the same. */
function sameHighlights(one, other) {
  return one === other || (Array.isArray(other) && one.length === other.length && one.every((highlight, index) => {
    const { at, length, kind } = other[index];
    return highlight.at === at && highlight.length === length && highlight.kind === kind;
  }));
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
