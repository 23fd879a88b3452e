// The Examples menu: the example sources the server serves (Public/examples/index.json lists
// them), each opened as a new session running it (`POST /api/sessions` with its source), which
// this page then joins.

import { h, byId } from '../dom.js';
import { ErrorCode } from '../protocol.js';

export class ExamplesMenu {
  #loaded = false;

  /** `onNotice(text)`: tells the person why an example did not open. */
  constructor({ onNotice }) {
    this.onNotice = onNotice;
    this.button = byId('examples');
    this.panel = byId('examples-panel');
    this.list = byId('examples-list');
    this.status = byId('examples-status');
    this.button.addEventListener('click', () => this.#toggle());
    this.panel.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      this.#close();
      this.button.focus();
    });
  }

  #toggle() {
    if (this.panel.hidden) this.#open();
    else this.#close();
  }

  async #open() {
    this.panel.hidden = false;
    this.button.setAttribute('aria-expanded', 'true');
    if (!this.#loaded) await this.#load();
    this.list.querySelector('button')?.focus();
  }

  #close() {
    this.panel.hidden = true;
    this.button.setAttribute('aria-expanded', 'false');
  }

  async #load() {
    this.status.textContent = 'Loading the examples…';
    try {
      const response = await fetch('examples/index.json', { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { examples } = await response.json();
      this.list.replaceChildren(...examples.map(({ file, title }) => h('li', {},
        h('button', {
          type: 'button', class: 'example-button', dataset: { file },
          onclick: (event) => this.#start(file, event.currentTarget),
        }, h('span', { class: 'example-title', text: title }), ' ', h('span', { class: 'example-file', text: file })))));
      this.#loaded = true;
      this.status.textContent = '';
    } catch {
      this.status.textContent = 'The examples could not be loaded; try again in a moment.';
    }
  }

  /** Opens `file` in a new session and goes there. */
  async #start(file, button) {
    if (button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    this.status.textContent = `Opening ${file}…`;
    try {
      const source = await (await fetch(`examples/${encodeURIComponent(file)}`)).text();
      const response = await fetch('api/sessions', {
        method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ source }),
      });
      const answer = await response.json().catch(() => ({}));
      if (response.ok && typeof answer.id === 'string') {
        const url = new URL(location.href);
        url.search = new URLSearchParams({ session: answer.id }).toString();
        url.hash = '';
        location.assign(url.href);
        return;
      }
      const diagnostics = answer.error?.code === ErrorCode.badSource ? answer.error.diagnostics ?? [] : [];
      const first = diagnostics[0];
      this.status.textContent = first
        ? `${file} was not opened: line ${first.line}: ${first.message}`
        : `${file} was not opened: ${answer.error?.message ?? `HTTP ${response.status}`}`;
      this.onNotice(this.status.textContent);
    } catch {
      this.status.textContent = `${file} was not opened: the server could not be reached.`;
    } finally {
      button.removeAttribute('aria-busy');
    }
  }
}
