// The simulated on-screen keyboard: up while a field has focus, down without focus, and a visible
// dip when a focus change passes through nil on its way to the next field, which an update names
// in its `keyboardDips`. Its toolbar holds the program's own keyboard toolbar and the focused
// field's name.

import { h } from './dom.js';

const DIP_MS = 420;
const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const RETURN_LABELS = { next: 'next', done: 'done', go: 'go', send: 'send', return: 'return' };

export class SimulatedKeyboard {
  #up = false;
  #dipTimer = 0;

  /**
   * `tools`: the element holding the program's keyboard toolbar buttons (drawn by the program's
   * view); `onReturn()` is the return key, `onDismiss()` the key that lowers the keyboard
   * (Escape in a field does the same).
   */
  constructor(element, { tools, onReturn, onDismiss }) {
    this.element = element;
    this.hint = h('span', { class: 'keyboard-hint' });
    this.returnKey = h('button', {
      type: 'button', class: 'key key-return',
      onclick: (event) => { if (event.currentTarget.getAttribute('aria-disabled') !== 'true') onReturn(); },
    });
    this.dismissKey = h('button', {
      type: 'button', class: 'key key-dismiss', text: '⌄', title: 'Dismiss the keyboard (Escape)',
      'aria-label': 'Dismiss the keyboard (Escape)',
      onclick: (event) => { if (event.currentTarget.getAttribute('aria-disabled') !== 'true') onDismiss(); },
    });
    element.append(h('div', { class: 'keyboard-body' },
      h('div', { class: 'keyboard-toolbar', role: 'toolbar', 'aria-label': 'Keyboard toolbar' }, tools, this.hint),
      h('div', { class: 'keyboard-keys', 'aria-hidden': 'true' },
        KEY_ROWS.map((row) => h('div', { class: 'key-row' }, [...row].map((letter) => h('span', { class: 'key', text: letter })))),
      ),
      h('div', { class: 'key-row key-row-bottom' },
        h('span', { class: 'key key-wide', 'aria-hidden': 'true', text: '123' }),
        h('span', { class: 'key key-space', 'aria-hidden': 'true', text: 'space' }),
        this.dismissKey,
        this.returnKey),
    ));
    this.#setState('down');
  }

  /**
   * The keyboard for the screen drawn: `field` is the focused field (`{label, kind,
   * submitLabel}`) or null; `locked`: its keys do nothing here (a viewer, or the past on show).
   */
  show({ field, locked }) {
    this.#up = Boolean(field);
    this.returnKey.setAttribute('aria-disabled', String(locked));
    this.dismissKey.setAttribute('aria-disabled', String(locked));
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
