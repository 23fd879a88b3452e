// The code panel: the source the session runs, in one editor that everyone on the session types in
// at once (source-editor.js: its lines numbered and in the server's syntax colours, the line of the
// last event marked from the line numbers the server sends, never by matching text; its keys in
// source-keys.js, its find box in source-find.js). The typing goes out as splices of the source
// (field-texts.js, as a form field's), and the server compiles each text it makes: the phone is
// rebuilt from a text that compiles, while one with errors lists them (and the editor underlines
// them, source-diagnostics.js), the page's announcer says so once, and the last good program runs
// on. Restart (editors only) runs the program from its start (the `restart` intent: every
// value as it begins, the first screen appearing again). Step (source-step.js) holds the next
// action and shows it a statement at a time, its line marked in the editor. Nothing here reads Swift.

import { h, byId } from '../dom.js';
import { DiagnosticSeverity } from '../protocol.js';
import { SourceEditor } from './source-editor.js';
import { SourceFind } from './source-find.js';
import { editorKeys } from './source-keys.js';
import { ErrorNews } from './source-diagnostics.js';
import { SourceStep, heldStatement } from './source-step.js';

const SEVERITY = { [DiagnosticSeverity.error]: 'Error', [DiagnosticSeverity.warning]: 'Warning', [DiagnosticSeverity.note]: 'Note' };

export class SourcePanel {
  #editable = false;
  /** What the announcer is told of the errors. */
  #errorNews;

  /**
   * `onRestart()`: sends the `restart` intent; `onStep(on)` and `onStepMove(move)`: Step's
   * messages; `announcer`: the page's polite voice.
   */
  constructor({ onRestart, onStep, onStepMove, announcer }) {
    this.onRestart = onRestart;
    this.#errorNews = new ErrorNews((text) => announcer.say(text));
    this.root = byId('program-source');
    this.editor = new SourceEditor({ scroller: byId('source-editor'), lines: byId('source-lines'), text: byId('source-text') });
    this.find = new SourceFind(this.editor);
    editorKeys(this.editor.text, { onFind: () => this.find.open(), onUndo: () => this.editor.undo(), onRedo: () => this.editor.redo() });
    this.restart = byId('source-restart');
    this.status = byId('source-status');
    this.ran = byId('source-ran');
    this.diagnostics = byId('source-diagnostics');
    this.readOnlyNote = byId('source-read-only');
    this.keysHelp = byId('source-keys-help');
    this.step = new SourceStep({ onStep, onMove: onStepMove });
    this.restart.addEventListener('click', () => {
      // A viewer, or the past, changes nothing (the button is hidden then).
      if (this.#editable) this.onRestart();
    });
  }

  /** The text area the source is typed in. */
  get input() {
    return this.editor.text;
  }

  /**
   * Draws `program` (`{source, diagnostics, highlights, runs}`); `text`: the source as this page
   * edits it (null while its person composes in it: left alone); `editable`: this page may
   * change the session (otherwise the source is read-only and there is no Restart).
   */
  show(program, { editable, text }) {
    // Hidden until there is a source to show.
    this.root.hidden = false;
    this.#editable = editable;
    this.editor.show(text, program, { editable });
    this.restart.hidden = !editable;
    this.restart.setAttribute('aria-disabled', String(!editable));
    this.readOnlyNote.hidden = editable;
    this.keysHelp.hidden = !editable;
    const diagnostics = program.diagnostics ?? [];
    this.status.textContent = statusOf(program, diagnostics);
    this.#showDiagnostics(diagnostics);
  }

  /**
   * Tells a screen reader once when the live session's source gets errors or has them fixed
   * (`diagnostics`: its `program.diagnostics`); `announce`: false while the past shows.
   */
  hear(diagnostics, { announce }) {
    this.#errorNews.hear(diagnostics, { announce });
  }

  /** Marks line `line` (from 1) as the one the lesson's step is about; null takes the mark away. */
  markLesson(line) {
    this.editor.markLesson(line);
  }

  /**
   * Shows Step (`state.stepping`, or null) with `{editable, you, nameOf}` (see SourceStep.show);
   * `live`: the live session shows (not the past), so the statement shown is marked. Returns
   * whether a statement is shown (its line marked, in place of the last event's).
   */
  showStep(stepping, { live, ...context }) {
    this.step.show(stepping, context);
    const held = live ? heldStatement(stepping) : null;
    if (held) this.editor.mark(held.line, { step: true });
    return Boolean(held);
  }

  /**
   * Marks source line `line` (1-based) as the one behind the last event, scrolled into view when
   * it is newly marked; null takes the mark away.
   */
  mark(line) {
    this.editor.mark(line);
    // The marked line in words too: the painted lines are hidden from screen readers.
    const text = line ? this.editor.text.value.split('\n')[line - 1] ?? null : null;
    this.ran.hidden = text === null;
    if (text === null) return;
    this.ran.replaceChildren(`Line ${line} ran last: `, h('code', { text: text.trim() }));
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
      onclick: () => this.editor.goTo(diagnostic.line, diagnostic.column),
    },
    h('span', { class: 'source-diagnostic-where', text: `Line ${diagnostic.line}` }), ' ',
    h('span', { class: 'source-diagnostic-severity', text: SEVERITY[diagnostic.severity] ?? diagnostic.severity }), ' ',
    h('span', { class: 'source-diagnostic-message', text: diagnostic.message })))));
  }
}

/**
 * The status line: shown only while the source has errors (the server lists them, and runs the
 * last program that compiled). It is no live region: the announcer tells of the errors once
 * (`ErrorNews`), and a screen reader is not told about every keystroke's compiling.
 */
function statusOf(program, diagnostics) {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.error).length;
  if (program.runs !== false || !errors) return '';
  return `${errors} ${errors === 1 ? 'error' : 'errors'} in the source: the last program that compiled keeps running.`;
}
