// The simulated on-screen keyboard: up while a field has focus, down without focus, and a visible
// dip when an animated focus change passes through nil (the bounce seed 000 describes), which an
// update names in its `keyboardDips`.

import { h } from './dom.js';

const DIP_MS = 420;
const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const RETURN_LABELS = { next: 'next', done: 'done', go: 'go', send: 'send', return: 'return' };

export class SimulatedKeyboard {
  #up = false;
  #dipTimer = 0;
  /** A program's own keyboard toolbar (its buttons), shown in place of Previous and Next. */
  #ownTools = null;

  /** `onToolbar(action)` gets `previous` or `next`; `onReturn()` is the return key. */
  constructor(element, { onToolbar, onReturn }) {
    this.element = element;
    // At an end of the chain a button is marked aria-disabled rather than disabled: a click on a
    // disabled button would take focus from the field, which a phone's toolbar never does.
    const tool = (text, action) => h('button', {
      type: 'button', class: 'keyboard-tool', text,
      onclick: (event) => { if (event.currentTarget.getAttribute('aria-disabled') !== 'true') onToolbar(action); },
    });
    this.previous = tool('Previous', 'previous');
    this.next = tool('Next', 'next');
    this.tools = h('div', { class: 'keyboard-tools' }, this.previous, this.next);
    this.hint = h('span', { class: 'keyboard-hint' });
    this.returnKey = h('button', {
      type: 'button', class: 'key key-return',
      onclick: (event) => { if (event.currentTarget.getAttribute('aria-disabled') !== 'true') onReturn(); },
    });
    element.append(h('div', { class: 'keyboard-body' },
      h('div', { class: 'keyboard-toolbar', role: 'toolbar', 'aria-label': 'Keyboard toolbar' }, this.tools, this.hint),
      h('div', { class: 'keyboard-keys', 'aria-hidden': 'true' },
        KEY_ROWS.map((row) => h('div', { class: 'key-row' }, [...row].map((letter) => h('span', { class: 'key', text: letter })))),
      ),
      h('div', { class: 'key-row key-row-bottom' },
        h('span', { class: 'key key-wide', 'aria-hidden': 'true', text: '123' }),
        h('span', { class: 'key key-space', 'aria-hidden': 'true', text: 'space' }),
        this.returnKey),
    ));
    this.#setState('down');
  }

  /**
   * The keyboard for the current screen: `field` is the focused field record or null; `toolbar`
   * is the screen's `{previous, next}` (which can move focus), or null on screens without one;
   * `locked`: its keys do nothing here (a viewer, or the past on show); `tools`: the element
   * holding a program's own toolbar buttons, or null.
   */
  show({ field, toolbar, tools = null, locked = false }) {
    this.#up = Boolean(field);
    if (tools !== this.#ownTools) {
      this.#ownTools?.remove();
      if (tools) this.tools.after(tools);
      this.#ownTools = tools;
    }
    this.tools.hidden = !toolbar;
    this.previous.setAttribute('aria-disabled', String(locked || !toolbar?.previous));
    this.next.setAttribute('aria-disabled', String(locked || !toolbar?.next));
    this.returnKey.setAttribute('aria-disabled', String(locked));
    this.hint.textContent = field ? field.label : '';
    const label = field?.kind === 'editor' ? 'return' : RETURN_LABELS[field?.submitLabel] ?? 'return';
    this.returnKey.textContent = label;
    this.returnKey.setAttribute('aria-label', `Return key (${label})`);
    if (!this.#dipTimer) this.#setState(this.#up ? 'up' : 'down');
  }

  /** Plays the dip, then settles wherever the latest `show` left the keyboard. */
  dip() {
    clearTimeout(this.#dipTimer);
    this.#setState('dip');
    this.#dipTimer = setTimeout(() => {
      this.#dipTimer = 0;
      this.#setState(this.#up ? 'up' : 'down');
    }, DIP_MS);
  }

  #setState(state) {
    if (this.element.dataset.state !== state) this.element.dataset.state = state;
    this.element.inert = state === 'down';
  }
}
