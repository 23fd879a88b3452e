// The phone's screen: what the session's program draws (`state.program.drawn`), and nothing
// else. The page derives nothing from the source. Drawn views are kept as a tree of nodes updated
// in place (drawn-node.js): a control is the same element from one render to the next, found by
// its key, so the caret and DOM focus survive every update.

import { h, domId, arrange } from '../dom.js';
import { createNode } from './drawn-node.js';
import { DrawnKind } from '../protocol.js';

/**
 * What a node is called among its siblings: a control by its key, other views by kind and line,
 * and a view that belongs to one row (all its controls are that row's) by that row as well, so
 * rows keep their nodes when a row before them goes, and a list keeps its own whatever rows go.
 */
function identity(view) {
  if (typeof view.key === 'string') return view.key;
  return `${view.kind}:${view.line}:${rowOf(view) ?? ''}`;
}

/** The row (the part of its controls' keys after `/`) that every control inside `view` belongs to, or null. */
function rowOf(view) {
  const rows = new Set();
  const visit = (views = []) => {
    for (const child of views) {
      if (typeof child.key === 'string') rows.add(child.key.includes('/') ? child.key.slice(child.key.indexOf('/') + 1) : '');
      visit(child.content);
    }
  };
  visit(view.content);
  return rows.size === 1 ? [...rows][0] || null : null;
}

export class ProgramView {
  /** The screen's name (its view struct's): what fields are filed under, `LoginForm/c0`. */
  id = '';
  locked = false;
  /** Control key → `{key, kind, input?, button?, label, submitLabel}`, for what is drawn now. */
  #controls = new Map();
  #content;
  #toolbar;
  #keyboardTools;
  #headingIds = 0;

  /** `intents`: `{tap(key), submit(), dismiss(input)}`. */
  constructor({ intents }) {
    this.intents = intents;
    const actions = { tap: (key) => intents.tap(key) };
    this.actions = actions;
    this.title = h('h2', { class: 'screen-title', id: 'program-screen-title' });
    this.#toolbar = { kind: 'toolbar', host: h('div', { class: 'p-toolbar', role: 'toolbar', 'aria-label': 'Toolbar' }), children: new Map() };
    this.#content = { kind: 'screen', host: h('div', { class: 'p-content' }), children: new Map() };
    this.#keyboardTools = { kind: 'toolbar', host: h('div', { class: 'p-keyboard-tools' }), children: new Map() };
    this.element = h('section', { class: 'screen program-screen', 'aria-labelledby': this.title.id, hidden: true },
      this.title, this.#toolbar.host, this.#content.host);
    this.element.addEventListener('keydown', (event) => {
      // Escape is the keyboard's dismiss key: it lets go of the field, so a keyboard can always leave the phone.
      if (event.key === 'Escape' && !event.isComposing && this.#controlOf(event.target)?.input) {
        event.preventDefault();
        intents.dismiss(event.target);
        return;
      }
      if (event.key !== 'Enter' || event.isComposing) return;
      const control = this.#controlOf(event.target);
      // A text editor takes Return as a new line, typed like any other character.
      if (!control || control.kind === 'editor') return;
      event.preventDefault();
      // Shift-Return types no line break in a single-line field, even one drawn as a textarea.
      if (event.shiftKey || event.altKey) return;
      if (!this.locked) intents.submit();
    });
    // A line break typed without a Return keydown (some on-screen keyboards) stays out of a single-line field too.
    this.element.addEventListener('beforeinput', (event) => {
      if (event.inputType !== 'insertLineBreak' && event.inputType !== 'insertParagraph') return;
      if (this.#controlOf(event.target)?.kind === 'text') event.preventDefault();
    });
  }

  /** The buttons of the keyboard's toolbar while a field has focus (the keyboard shows them). */
  get keyboardTools() { return this.#keyboardTools.host; }

  /**
   * Draws `drawn` (a DrawnScreen). `context`: `owner` (who moved focus here, or null),
   * `textOf(key, input)` (the text to draw, or null to leave the input alone) and `locked`
   * (nothing here may change the session: a viewer, or the past on show).
   */
  render(drawn, context) {
    this.id = drawn.name;
    this.locked = Boolean(context.locked);
    this.element.hidden = false;
    this.element.dataset.screen = drawn.name;
    this.title.textContent = drawn.name;
    const shared = {
      ...context, locked: this.locked, focused: drawn.focused ?? null, domId: (key) => domId('field', drawn.name, key),
      actions: this.actions,
    };
    this.#reconcile(this.#toolbar, drawn.toolbar ?? [], shared);
    this.#toolbar.host.hidden = !(drawn.toolbar ?? []).length;
    this.#reconcile(this.#content, drawn.content ?? [], shared);
    this.#reconcile(this.#keyboardTools, drawn.keyboardToolbar ?? [], shared);
    this.#controls = new Map();
    for (const root of [this.#content, this.#toolbar, this.#keyboardTools]) this.#collect(root);
  }

  /** The input of a focused control key, if it is drawn. */
  inputFor(key) {
    return key ? this.#controls.get(key)?.input ?? null : null;
  }

  /** The control key of one of the drawn inputs (its text is filed under it, a click asks focus for it), or null. */
  keyOf(input) {
    return this.#controlOf(input)?.key ?? null;
  }

  isField(element) {
    return Boolean(element && this.#controlOf(element));
  }

  /** `{label, kind, submitLabel, input}` of a text field's key, for the keyboard. */
  fieldFor(key) {
    const control = key ? this.#controls.get(key) : null;
    return control?.input ? control : null;
  }

  /** The title of a control key as drawn now (for the log), or null. */
  titleOf(key) {
    return this.#controls.get(key)?.label || null;
  }

  #controlOf(element) {
    const key = element?.dataset?.field;
    const control = key ? this.#controls.get(key) : null;
    return control?.input === element ? control : null;
  }

  /** Brings `node`'s children in line with `views`, reusing the node of every view still drawn. */
  #reconcile(node, views, context) {
    const next = new Map();
    const seen = new Map();
    const outers = [];
    for (const view of views) {
      let id = identity(view);
      const count = seen.get(id) ?? 0;
      seen.set(id, count + 1);
      if (count) id += `#${count}`;
      let child = node.children.get(id);
      if (!child || child.kind !== view.kind || child.axis !== view.axis || next.has(id)) {
        child = createNode(view, { inList: node.kind === DrawnKind.list, actions: context.actions });
      }
      child.update(view, { ...context, headingId: `program-heading-${(child.headingNumber ??= ++this.#headingIds)}` });
      if (child.host) this.#reconcile(child, view.content ?? [], context);
      next.set(id, child);
      outers.push(child.outer);
    }
    node.children = next;
    arrange(node.host, outers);
  }

  #collect(node) {
    for (const child of node.children.values()) {
      if (child.control) this.#controls.set(child.control.key, child.control);
      this.#collect(child);
    }
  }
}
