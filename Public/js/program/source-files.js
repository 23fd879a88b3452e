// The source panel's ways in and out of files: Download the source (the session's source as the
// server sent it, as `<first screen>.swift`), and a .swift file dropped on the panel opened in a new
// session. Starting a session is the Examples menu's (`openFile`). A viewer's "Try it yourself" is
// a fork of the session (class-view.js).

import { h, byId } from '../dom.js';

export class SourceFiles {
  /** The program last shown (`{source, screens}`), or null. */
  #program = null;

  /** `opener`: the Examples menu, which starts sessions (`openFile(file)`). */
  constructor({ opener }) {
    this.opener = opener;
    this.root = byId('program-source');
    this.download = byId('source-download');
    this.download.addEventListener('click', () => this.#download());
    this.root.addEventListener('dragover', (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      this.root.dataset.drop = 'over';
    });
    this.root.addEventListener('dragleave', (event) => {
      if (!this.root.contains(event.relatedTarget)) delete this.root.dataset.drop;
    });
    this.root.addEventListener('drop', (event) => {
      delete this.root.dataset.drop;
      if (!carriesFiles(event)) return;
      event.preventDefault();
      const [file] = event.dataTransfer.files;
      if (file) this.opener.openFile(file);
    });
  }

  /** `program` as the session holds it. */
  show(program) {
    this.#program = program;
  }

  /** The file name of the source: its first screen's, or `source`. */
  #fileName() {
    return `${this.#program?.screens?.[0] || 'source'}.swift`;
  }

  #download() {
    if (!this.#program) return;
    const url = URL.createObjectURL(new Blob([this.#program.source], { type: 'text/x-swift;charset=utf-8' }));
    const link = h('a', { href: url, download: this.#fileName(), hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    // The download has its own copy by the next task.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** Whether a drag carries files (not text dragged within the page). */
function carriesFiles(event) {
  return [...(event.dataTransfer?.types ?? [])].includes('Files');
}
