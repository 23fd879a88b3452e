// Choosing your name: a small dialog behind the header's "Your name" button. The name is kept for
// the tab (sessionStorage, so a reload or a reconnect says `hello` with it) and sent as `rename`.

import { byId } from './dom.js';
import { setTabName } from './session.js';

/** As the server keeps it: at most 40 characters. */
const MAX_NAME = 40;

export class NameChooser {
  /** `current()`: the name others see now; `onName(name)`: the person chose `name`. */
  constructor({ current, onName }) {
    this.current = current;
    this.onName = onName;
    this.button = byId('name-button');
    this.dialog = byId('name-dialog');
    this.input = byId('name-input');
    this.problem = byId('name-problem');
    this.input.maxLength = MAX_NAME;
    this.button.addEventListener('click', () => this.#open());
    byId('name-cancel').addEventListener('click', () => this.dialog.close());
    byId('name-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.#save();
    });
  }

  #open() {
    this.input.value = this.current() ?? '';
    this.problem.textContent = '';
    this.input.removeAttribute('aria-invalid');
    this.dialog.showModal();
    this.input.select();
  }

  #save() {
    const name = this.input.value.trim();
    if (!name) {
      this.problem.textContent = 'Type a name with at least one letter or digit.';
      this.input.setAttribute('aria-invalid', 'true');
      this.input.focus();
      return;
    }
    setTabName(name);
    this.onName(name);
    this.dialog.close();
  }
}
