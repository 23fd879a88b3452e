// The source's diagnostics shown in the editor itself (what the server's compiler said of the text
// it last read, `program.diagnostics`): each one's place underlined in the painted lines (a range
// for `paintedLines`), a mark in the line-number gutter of each line with one (its worst
// severity, a shape of its own, the messages on hover), and a sentence for the page's announcer
// when the errors change. The list beside the editor (source-panel.js) stays the way to reach
// them by keyboard; the painted lines are aria-hidden, so the marks are for the eye alone.

import { h } from '../dom.js';
import { DiagnosticSeverity } from '../protocol.js';

/** Severities from the worst: a line's gutter shows the first one among its diagnostics. */
const WORST_FIRST = [DiagnosticSeverity.error, DiagnosticSeverity.warning, DiagnosticSeverity.note];
const SEVERITY_WORD = { [DiagnosticSeverity.error]: 'Error', [DiagnosticSeverity.warning]: 'Warning', [DiagnosticSeverity.note]: 'Note' };
/** A character of a name or a number: a token of these is underlined whole. */
const WORD = /^[\p{L}\p{M}\p{N}_]$/u;
/** The errors read out by name; more are counted. */
const ERRORS_SAID = 3;

/** The UTF-16 offset in `line` of its `bytes`th UTF-8 byte (a diagnostic's column counts bytes). */
export function utf16Offset(line, bytes) {
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

/**
 * The places in `text` of `diagnostics` (which the server worked out from `text`), each as
 * `{at, length, severity, message}` in UTF-16 code units: from its column to the end of the token
 * there (a run of word characters, or one character), the line's last character when the column
 * is past its end, nothing (length 0) on an empty line. A diagnostic of an unknown severity, or
 * past the text's last line, has no place.
 */
export function diagnosticMarks(text, diagnostics) {
  const starts = lineStarts(text);
  const marks = [];
  for (const { line, column, severity, message } of diagnostics) {
    if (!WORST_FIRST.includes(severity) || !Number.isInteger(line) || line < 1 || line > starts.length) continue;
    const start = starts[line - 1];
    const end = line < starts.length ? starts[line] - 1 : text.length;
    const token = tokenAt(text.slice(start, end), utf16Offset(text.slice(start, end), Math.max(0, (column ?? 1) - 1)));
    marks.push({ at: start + token.at, length: token.length, severity, message: String(message ?? '') });
  }
  return marks;
}

/** The token of `line` that starts at `offset` (UTF-16), as `{at, length}`. */
function tokenAt(line, offset) {
  if (!line.length) return { at: 0, length: 0 };
  if (offset >= line.length) {
    const last = [...line.slice(-2)].at(-1);
    return { at: line.length - last.length, length: last.length };
  }
  const first = String.fromCodePoint(line.codePointAt(offset));
  if (!WORD.test(first)) return { at: offset, length: first.length };
  let end = offset;
  for (const character of line.slice(offset)) {
    if (!WORD.test(character)) break;
    end += character.length;
  }
  return { at: offset, length: end - offset };
}

/** The offset at which each line of `text` starts. */
function lineStarts(text) {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** The line (from 1) of `text` that holds offset `at`; `starts` are its lines' first offsets. */
function lineAt(starts, at) {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= at) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/**
 * The marks in the gutter of the painted lines (`lines`, the `<ol>` of `source-lines`): one
 * element a line with a diagnostic, laid over the text area so a pointer resting on it shows the
 * messages, and a click on it puts the caret at the line's first diagnostic (`onPick(at)`).
 */
export class GutterMarks {
  /** The mark elements shown now. */
  #shown = new Set();

  constructor(lines, { onPick }) {
    this.lines = lines;
    lines.addEventListener('click', (event) => {
      const mark = event.target.closest?.('.source-gutter-mark');
      if (mark) onPick(Number(mark.dataset.at));
    });
  }

  /** Marks the lines of `text` (drawn in `lines` already) that `marks` (carried onto it) fall on. */
  show(text, marks) {
    const starts = lineStarts(text);
    const byLine = new Map();
    for (const mark of marks) {
      const line = lineAt(starts, mark.at);
      byLine.set(line, [...(byLine.get(line) ?? []), mark]);
    }
    const shown = new Set();
    for (const [line, found] of byLine) {
      const element = this.lines.children[line - 1];
      if (!element) continue;
      // A line drawn again lost its mark with its pieces.
      const mark = element.querySelector(':scope > .source-gutter-mark') ?? element.appendChild(h('span', { class: 'source-gutter-mark' }));
      mark.dataset.severity = WORST_FIRST.find((severity) => found.some((each) => each.severity === severity));
      mark.dataset.at = String(found[0].at);
      mark.title = found.map(({ severity, message }) => `${SEVERITY_WORD[severity]}: ${message}`).join('\n');
      shown.add(mark);
    }
    for (const mark of this.#shown) if (!shown.has(mark)) mark.remove();
    this.#shown = shown;
  }
}

/**
 * What a screen reader is told of the source's errors: once when they appear or change in number,
 * once when the last is fixed. The number is what counts, not the messages: they follow the
 * typing (a name typed letter by letter is "cannot find 'Te'", then "cannot find 'Tex'"), and
 * each keystroke that keeps the errors must stay quiet. `say(text)`: the page's announcer.
 */
export class ErrorNews {
  /** The number of errors last told of (null: none heard yet; a source that runs then is no news). */
  #told = null;

  constructor(say) {
    this.say = say;
  }

  /** `diagnostics`: the live session's now; `announce`: false while the past shows (told on coming back). */
  hear(diagnostics, { announce }) {
    if (!announce) return;
    const errors = diagnostics.filter(({ severity }) => severity === DiagnosticSeverity.error);
    if (errors.length === (this.#told ?? 0)) {
      this.#told = errors.length;
      return;
    }
    this.#told = errors.length;
    this.say(errors.length ? errorsSentence(errors) : 'The source has no errors; it runs.');
  }
}

/** "2 errors in the source: line 7: expected '}'; line 9: …; the last good program keeps running." */
function errorsSentence(errors) {
  const named = errors.slice(0, ERRORS_SAID).map(({ line, message }) => `line ${line}: ${message}`);
  if (errors.length > ERRORS_SAID) named.push(`${errors.length - ERRORS_SAID} more`);
  const count = errors.length === 1 ? '1 error' : `${errors.length} errors`;
  return `${count} in the source: ${named.join('; ')}; the last good program keeps running.`;
}
