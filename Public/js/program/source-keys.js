// The source editor's keys, as a code editor has them: Return keeps the line's indentation (one
// level more after `{`), Tab indents by four spaces and Shift+Tab outdents (every selected line,
// or the caret's), Ctrl+F (⌘F) opens the find box, Ctrl+Z (⌘Z) undoes the person's own last
// change and Ctrl+Shift+Z (⌘⇧Z) or Ctrl+Y redoes it, and Escape lets the next Tab leave the editor
// (Tab indents otherwise, and keyboard users must be able to get out). Every change is typed as
// the person's own (an `input` event, of the type that says which step it is), so it goes out as
// their splice and is undone as one step.

import { typeInto } from '../text-editing.js';

const INDENT = '    ';
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

/**
 * Gives `area` (the source's text area) its keys; `onFind()` opens the find box, `onUndo()` and
 * `onRedo()` undo and redo the person's own last change (never the browser's own undo, which
 * knows nothing of everyone else's changes).
 */
export function editorKeys(area, { onFind, onUndo, onRedo }) {
  /** Escape was the last key: the next Tab leaves. */
  let leaving = false;
  area.addEventListener('keydown', (event) => {
    if (event.isComposing || MODIFIERS.has(event.key)) return;
    const leave = leaving;
    leaving = event.key === 'Escape';
    if (event.key.toLowerCase() === 'f' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      onFind();
      return;
    }
    const history = historyStep(event);
    if (history) {
      event.preventDefault();
      if (history === 'undo') onUndo();
      else onRedo();
      return;
    }
    if (area.readOnly || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'Tab' && !leave) {
      event.preventDefault();
      if (event.shiftKey) outdent(area);
      else indent(area);
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      newLine(area);
    }
  });
}

/** Ctrl+Z or ⌘Z: 'undo'; Ctrl+Shift+Z, ⌘⇧Z or Ctrl+Y: 'redo'; any other key: null. */
function historyStep(event) {
  if (event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z' && (event.ctrlKey || event.metaKey)) return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey && !event.metaKey && !event.shiftKey) return 'redo';
  return null;
}

/** Return: a new line as indented as the caret's, one level more after `{` (and `}` on a line of its own when it follows the caret). */
function newLine(area) {
  const { value, selectionStart: start, selectionEnd: end } = area;
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const indentation = /^[ \t]*/.exec(value.slice(lineStart, start))[0];
  const before = value.slice(lineStart, start).trimEnd();
  if (!before.endsWith('{')) {
    typeInto(area, `\n${indentation}`, start, end, 'insertLineBreak');
    return;
  }
  const inner = `\n${indentation}${INDENT}`;
  const closes = /^[ \t]*\}/.test(value.slice(end));
  typeInto(area, closes ? `${inner}\n${indentation}` : inner, start, end, 'insertLineBreak');
  if (closes) area.setSelectionRange(start + inner.length, start + inner.length);
}

/** Tab: four spaces at the caret, or before every selected line when the selection spans lines. */
function indent(area) {
  const { value, selectionStart: start, selectionEnd: end } = area;
  if (!value.slice(start, end).includes('\n')) {
    typeInto(area, INDENT, start, end, 'formatIndent');
    return;
  }
  const { from, to, lines } = selectedLines(value, start, end);
  typeInto(area, lines.map((line) => (line ? INDENT + line : line)).join('\n'), from, to, 'formatIndent');
  area.setSelectionRange(start + (lines[0] ? INDENT.length : 0), to + (area.value.length - value.length));
}

/** Shift+Tab: up to four spaces (or a tab) taken from the start of the caret's line, or of every selected line. */
function outdent(area) {
  const { value, selectionStart: start, selectionEnd: end } = area;
  const { from, to, lines } = selectedLines(value, start, end);
  const removed = lines.map((line) => /^(\t| {1,4})?/.exec(line)[0].length);
  if (!removed.some(Boolean)) return;
  typeInto(area, lines.map((line, index) => line.slice(removed[index])).join('\n'), from, to, 'formatOutdent');
  const shrunk = value.length - area.value.length;
  const first = Math.max(from, start - removed[0]);
  area.setSelectionRange(first, start === end ? first : Math.max(first, end - shrunk));
}

/** The whole lines the selection `start`–`end` touches (a selection ending at a line's start leaves that line out). */
function selectedLines(value, start, end) {
  const last = end > start && value[end - 1] === '\n' ? end - 1 : end;
  const from = value.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = value.indexOf('\n', last);
  const to = lineEnd === -1 ? value.length : lineEnd;
  return { from, to, lines: value.slice(from, to).split('\n') };
}
