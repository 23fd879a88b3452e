// The polite live region: focus moves made by someone else, and the lesson's steps and hints.

/** Sentences said in the same moment are read together, in order. */
const GATHER_MS = 50;

export class Announcer {
  #waiting = [];
  #timer = 0;

  constructor(root) {
    this.root = root;
  }

  say(text) {
    this.#waiting.push(text);
    if (this.#timer) return;
    // Clearing first makes a repeated sentence count as new.
    this.root.textContent = '';
    this.#timer = setTimeout(() => {
      this.#timer = 0;
      this.root.textContent = this.#waiting.join(' ');
      this.#waiting = [];
    }, GATHER_MS);
  }
}
