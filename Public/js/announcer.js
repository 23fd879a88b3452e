// The polite live region announcing focus moves made by someone else.

export class Announcer {
  constructor(root) {
    this.root = root;
  }

  say(text) {
    // Clearing first makes a repeated sentence count as new.
    this.root.textContent = '';
    setTimeout(() => { this.root.textContent = text; }, 50);
  }
}
