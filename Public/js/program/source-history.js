// Undo and redo of one person's own changes to a text others change too. Pure: no DOM. The
// editor tells it each change the person made (`edited`) and the text after each change anyone
// else made (`caughtUp`), and asks it for the change that undoes (`undo`) or redoes (`redo`) the
// person's last step, to make as an ordinary edit of theirs.
//
// A step is kept as the operation undoing it (text-ot.js), on the text as it is now: the top
// undo entry applies to the current text, the one below it to the text that entry makes, and so
// on down. Each change by someone else is transformed through the stack from the top (as ot.js's
// UndoManager does), so an entry never takes out or puts back anyone else's text: a deletion of
// what the person typed skips what others typed inside it since, and what others deleted of it is
// gone from the entry too. An entry others emptied altogether is skipped. The redo stack is kept
// the same way, and any new change of the person's own empties it.

import { TextOperation, A_FIRST, AFTER } from '../text-ot.js';

/** Keystrokes of one kind further apart than this are separate steps. */
export const STEP_PAUSE_MS = 1000;
/** The most steps kept to undo (and to redo): the oldest go first. */
export const STEP_LIMIT = 200;

/** Typing letters and spaces: keystrokes one after another join one step, up to a new word. */
export const TYPING = 'typing';
/** Backspace and Delete: keystrokes one after another join one step. */
export const DELETING = 'deleting';

const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

/**
 * The kind of step a change is, from its input event's `inputType`: typing and deleting
 * characters one by one join the steps before them; anything else (a Return, Tab indentation,
 * a paste, a cut, a drop, a composed text, a replacement) is a step of its own, named by its type.
 */
export function stepKind(inputType, splice) {
  if (inputType === 'insertText' && !splice.insert.includes('\n')) return TYPING;
  if (inputType === 'deleteContentBackward' || inputType === 'deleteContentForward') return DELETING;
  return inputType || 'change';
}

export class SourceHistory {
  /** Operations undoing the person's steps, the last step on top (at the end). */
  #undo = [];
  /** Operations redoing the steps undone, the last undone on top. */
  #redo = [];
  /** The step the person's next keystroke may join: `{kind, end, at}` (its caret, its time), or null. */
  #open = null;

  /** A history of nothing yet, on `text`. */
  constructor(text = '') {
    /** The text the entries apply to: the editor's text as this history last knew it. */
    this.text = text;
  }

  /**
   * The person changed the text by `splice` (on `text`), a change of `kind` (stepKind) made at
   * `now` (milliseconds): a new step, or part of the open one.
   */
  edited(splice, kind, now) {
    const before = this.text;
    const operation = TextOperation.fromSplice(splice, before.length);
    this.text = operation.apply(before);
    const inverse = operation.invert(before);
    this.#redo = [];
    const top = this.#undo.length - 1;
    if (top >= 0 && joins(this.#open, splice, kind, now, before)) {
      // Undoing both: this change first, then the step it joins.
      this.#undo[top] = inverse.compose(this.#undo[top]);
    } else {
      this.#undo.push(inverse);
      if (this.#undo.length > STEP_LIMIT) this.#undo.shift();
    }
    this.#open = { kind, end: splice.at + splice.insert.length, at: now };
  }

  /**
   * Someone else's change made the text `text`; `operation`, when given and it makes `text` from
   * the text this history knows, is that change, otherwise it is worked out from the two texts.
   */
  caughtUp(text, operation = null) {
    if (text === this.text) return;
    const change = operation && operation.baseLength === this.text.length && operation.apply(this.text) === text
      ? operation
      : TextOperation.difference(this.text, text);
    this.text = text;
    this.#undo = transformed(this.#undo, change);
    this.#redo = transformed(this.#redo, change);
    if (this.#open) this.#open.end = change.transformIndex(this.#open.end, AFTER);
  }

  /** The operation (on `text`) undoing the person's last step still there to undo, or null; it counts as done. */
  undo() {
    return this.#step(this.#undo, this.#redo);
  }

  /** The operation (on `text`) redoing the last step undone, or null; it counts as done. */
  redo() {
    return this.#step(this.#redo, this.#undo);
  }

  /** Takes the top entry of `from` that still changes something, makes it, and keeps its inverse on `to`. */
  #step(from, to) {
    this.#open = null;
    while (from.length) {
      const operation = from.pop();
      if (operation.isNoop()) continue;
      const before = this.text;
      this.text = operation.apply(before);
      to.push(operation.invert(before));
      return operation;
    }
    return null;
  }
}

/**
 * `stack` with every entry moved over `change`, made to the text its top entry applies to: the
 * top entry is transformed over it, the next over the change as it applies after the top entry, and
 * so on down. Text an entry puts back goes before text the change put at the same place.
 */
function transformed(stack, change) {
  let over = change;
  for (let index = stack.length - 1; index >= 0; index -= 1) {
    [stack[index], over] = TextOperation.transform(stack[index], over, A_FIRST);
  }
  return stack;
}

/**
 * Whether a change `splice` of `kind` at `now`, on `before`, joins the `open` step: the same kind
 * of keystroke, within STEP_PAUSE_MS of the last, where that one left the caret (typing over a
 * selection, and a word begun after a space or a sign, start a new step).
 */
function joins(open, splice, kind, now, before) {
  if (!open || open.kind !== kind || now - open.at > STEP_PAUSE_MS) return false;
  if (kind === TYPING) {
    if (splice.delete > 0 || splice.at !== open.end) return false;
    const startsWord = WORD_CHARACTER.test(splice.insert.slice(0, 1)) && !WORD_CHARACTER.test(before.slice(splice.at - 1, splice.at));
    return !startsWord;
  }
  if (kind === DELETING) return splice.insert === '' && (splice.at === open.end || splice.at + splice.delete === open.end);
  return false;
}
