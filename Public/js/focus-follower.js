// Keeps the browser's real focus and the session's focus in step, without feedback loops:
// focus moved by this page never sends an intent; focus moved by the person does.

const FOLLOW_KEY = 'focusSync.followFocus';

export class FocusFollower {
  #quiet = 0;
  #applied = null;

  /**
   * `root`: the element holding the screens; `phone`: the whole phone (screens and keyboard);
   * `viewOf()`: the current ScreenView;
   * `session()`: `{focus, focusedField, screen}` of the current screen;
   * `hasPendingFocusMove()`: whether a focus intent of ours is unanswered;
   * `requestFocus(screen, key)`: sends a focus intent.
   */
  constructor({ root, phone, viewOf, session, hasPendingFocusMove, requestFocus }) {
    this.root = root;
    this.viewOf = viewOf;
    this.session = session;
    this.hasPendingFocusMove = hasPendingFocusMove;
    this.requestFocus = requestFocus;
    this.follow = localStorage.getItem(FOLLOW_KEY) !== 'off';
    root.addEventListener('focusin', (event) => this.#focusIn(event));
    root.addEventListener('focusout', (event) => this.#focusOut(event));
    // Buttons on the phone act like iOS buttons: tapping one does not take the keyboard away.
    phone.addEventListener('mousedown', (event) => {
      if (event.target.closest('button') && this.viewOf()?.isField(document.activeElement)) event.preventDefault();
    });
  }

  setFollow(on) {
    this.follow = on;
    localStorage.setItem(FOLLOW_KEY, on ? 'on' : 'off');
    // Turning it on is asking to follow: take the session's focus even from this switch.
    this.#applied = null;
    if (on) this.apply();
  }

  /** Runs `change` (a render or a programmatic focus) without reporting its focus events. */
  quietly(change) {
    this.#quiet += 1;
    try { change(); } finally { this.#quiet -= 1; }
  }

  /**
   * Moves DOM focus to the session's focused field when that changed since the last time (or, with
   * `force`, whenever they differ and the person is not busy outside the phone).
   */
  apply({ force = false } = {}) {
    if (!this.follow || this.hasPendingFocusMove()) return;
    const { screen, focusedField } = this.session();
    const wanted = `${screen}|${focusedField}`;
    if (!force && wanted === this.#applied) return;
    const active = document.activeElement;
    if (force && active && active !== document.body && !this.root.contains(active)) return;
    this.#applied = wanted;
    const view = this.viewOf();
    const target = view?.inputFor(focusedField);
    if (target) {
      if (active !== target) {
        this.quietly(() => target.focus({ preventScroll: true }));
        target.scrollIntoView({ block: 'nearest' });
      }
    } else if (view?.isField(active)) {
      this.quietly(() => active.blur());
    }
  }

  #focusIn(event) {
    if (this.#quiet) return;
    const view = this.viewOf();
    if (!view?.isField(event.target)) return;
    const key = view.focusKeyOf(event.target);
    const { focus, focusedField } = this.session();
    if (key === focus && event.target.dataset.field === focusedField && !this.hasPendingFocusMove()) return;
    this.requestFocus(view.id, key);
  }

  #focusOut(event) {
    if (this.#quiet) return;
    const view = this.viewOf();
    const field = event.target;
    // Moving to anything focusable (another field, a phone button, a panel) is not a release:
    // the next field reports itself, and buttons act on the focus they found.
    if (!view?.isField(field) || event.relatedTarget) return;
    // Decided once the browser has settled: only focus that went nowhere (the body) is a release;
    // a window losing focus keeps activeElement, and a click on a button lands on the button.
    setTimeout(() => {
      const active = document.activeElement;
      const nothing = !active || active === document.body;
      if (!nothing || view !== this.viewOf()) return;
      if (this.session().focus === null && !this.hasPendingFocusMove()) return;
      this.requestFocus(view.id, null);
    }, 0);
  }
}
