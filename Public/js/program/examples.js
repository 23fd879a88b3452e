// The Examples menu: the example sources the server serves (Public/examples/index.json lists
// them), each opened as a new session running it (`POST /api/sessions` with its source), which
// this page then joins. The one way to start a session from a source: a .swift file from disk
// (the menu's file chooser, or one dropped on the source panel) goes through `openFile` and
// `openSource` too.

import { h, byId } from '../dom.js';
import { ErrorCode, DiagnosticSeverity } from '../protocol.js';

/** The largest source a session runs (the server's limit, in UTF-8 bytes): a larger file is not sent. */
export const MAX_SOURCE_BYTES = 64 * 1024;

export class ExamplesMenu {
  #loaded = false;

  /** `onNotice(text)`: tells the person why an example did not open. */
  constructor({ onNotice }) {
    this.onNotice = onNotice;
    this.button = byId('examples');
    this.panel = byId('examples-panel');
    this.list = byId('examples-list');
    this.status = byId('examples-status');
    this.fileButton = byId('examples-open-file');
    this.fileInput = byId('examples-file');
    this.button.addEventListener('click', () => this.#toggle());
    this.fileButton.addEventListener('click', () => this.fileInput.click());
    this.fileInput.addEventListener('change', () => {
      const [file] = this.fileInput.files;
      // Cleared, so choosing the same file again opens it again.
      this.fileInput.value = '';
      if (file) this.openFile(file);
    });
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

  /** Opens example `file` in a new session and goes there. */
  async #start(file, button) {
    if (button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(`examples/${file.split('/').map(encodeURIComponent).join('/')}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await this.openSource(await response.text(), file);
    } catch {
      this.#refuse(`${file} was not opened: the server could not be reached.`);
    } finally {
      button.removeAttribute('aria-busy');
    }
  }

  /**
   * Opens a .swift `file` from disk (a `File`) in a new session, as an example opens: one that
   * is not .swift or is larger than a session runs is refused with a notice, and nothing is sent.
   */
  async openFile(file) {
    if (!/\.swift$/i.test(file.name)) {
      this.#refuse(`${file.name} was not opened: only a .swift file can be opened.`);
      return false;
    }
    if (file.size > MAX_SOURCE_BYTES) {
      this.#refuse(`${file.name} was not opened: it is ${Math.ceil(file.size / 1024)} KiB, and a session runs a source of at most 64 KiB.`);
      return false;
    }
    let source;
    try {
      source = await file.text();
    } catch {
      this.#refuse(`${file.name} was not opened: it could not be read.`);
      return false;
    }
    return this.openSource(source, file.name);
  }

  /**
   * Starts a new session running `source` (`POST /api/sessions`) and goes there; `name` says
   * what is opening in what the person is told. A source the server refuses is told with its
   * diagnostics. Resolves to false when no session was started.
   */
  async openSource(source, name) {
    this.status.textContent = `Opening ${name}…`;
    try {
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
        return true;
      }
      const diagnostics = answer.error?.code === ErrorCode.badSource ? answer.error.diagnostics ?? [] : [];
      const errors = diagnostics.filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.error);
      const first = errors[0] ?? diagnostics[0];
      const more = errors.length > 1 ? ` (and ${errors.length - 1} more ${errors.length === 2 ? 'error' : 'errors'})` : '';
      this.#refuse(first
        ? `${name} was not opened: line ${first.line}: ${first.message}${more}`
        : `${name} was not opened: ${answer.error?.message ?? `HTTP ${response.status}`}`);
    } catch {
      this.#refuse(`${name} was not opened: the server could not be reached.`);
    }
    return false;
  }

  /** Tells why a source was not opened: in the menu's status and as a notice. */
  #refuse(text) {
    this.status.textContent = text;
    this.onNotice(text);
  }
}
