// Keeps the browser's real focus and the session's focus in step, without feedback loops:
// focus moved by this page never sends an intent; focus moved by the person does. Following never
// takes a person's typing away: someone else's move waits while they type in a field of the phone,
// until they leave it or stop typing for a while, and a note says who moved focus where meanwhile.
// It never scrolls the page.

const FOLLOW_KEY = 'focusSync.followFocus';
/** How long a person who typed in a field of the phone keeps it against someone else's move. */
export const FOLLOW_IDLE_MS = 5000;

export class FocusFollower {
  #quiet = 0;
  #applied = null;
  /** A follow put off while the person types, and whether it was forced. */
  #later = 0;
  #laterForced = false;
  /** The field of the phone the person last typed in, and when (performance.now()). */
  #typedIn = null;
  #typedAt = -Infinity;
  /** How long typing in a field keeps it (FOLLOW_IDLE_MS; tests shorten it). */
  idleMs = FOLLOW_IDLE_MS;
  /** The presenter keeps Follow focus on for everyone, whatever this browser chose. */
  #locked = false;

  /**
   * `root`: the element holding the screen; `phone`: the whole phone (screen and keyboard);
   * `viewOf()`: the program's view while it draws the session's screen, or null;
   * `session()`: `{screen, focused}`, the session's screen and the control key focused on it (or null);
   * `hasPendingFocusMove()`: whether a focus intent of ours is unanswered;
   * `typingPause()`: milliseconds until the person counts as not typing (0: not typing);
   * `requestFocus(screen, key)`: sends a focus intent;
   * `enabled()`: whether this browser may change the session (not a viewer, not showing the past):
   * otherwise it neither follows nor reports;
   * `note`: the element saying, while a follow waits, who moved focus where (`describeMove()`:
   * that in words, `Ada moved focus to Last Name`), and `fieldName(input)`: a field's label.
   */
  constructor({ root, phone, viewOf, session, hasPendingFocusMove, typingPause, requestFocus, enabled, note, describeMove, fieldName }) {
    this.root = root;
    this.note = note;
    this.describeMove = describeMove;
    this.fieldName = fieldName;
    this.enabled = enabled;
    this.viewOf = viewOf;
    this.session = session;
    this.hasPendingFocusMove = hasPendingFocusMove;
    this.typingPause = typingPause;
    this.requestFocus = requestFocus;
    this.follow = localStorage.getItem(FOLLOW_KEY) !== 'off';
    root.addEventListener('focusin', (event) => this.#focusIn(event));
    // A tap on the field that kept the browser's focus while the session's moved on (following
    // waits while its person types) brings the session's focus back to it: no focusin says so.
    root.addEventListener('click', (event) => {
      if (event.target === document.activeElement && !this.hasPendingFocusMove()) this.#focusIn(event);
    });
    root.addEventListener('focusout', (event) => this.#focusOut(event));
    for (const type of ['input', 'compositionstart']) {
      root.addEventListener(type, (event) => {
        if (!this.viewOf()?.isField(event.target)) return;
        this.#typedIn = event.target;
        this.#typedAt = performance.now();
      });
    }
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
    else this.#showNote(null);
  }

  /** The presenter locked Follow focus on (or let it go); locking it follows at once. */
  setLocked(locked) {
    if (locked === this.#locked) return;
    this.#locked = locked;
    this.#applied = null;
  }

  /** Whether this browser follows the session's focus now. */
  get following() { return this.follow || this.#locked; }

  /** Runs `change` (a render or a programmatic focus) without reporting its focus events. */
  quietly(change) {
    this.#quiet += 1;
    try { change(); } finally { this.#quiet -= 1; }
  }

  /**
   * Moves DOM focus to the session's focused field when that changed since the last time (or, with
   * `force`, whenever they differ and the person is not busy outside the phone). Unless the move
   * is the person's `own`, it waits while they type, and happens once they pause.
   */
  apply({ force = false, own = false } = {}) {
    if (!this.following || !this.enabled()) {
      this.#showNote(null);
      return;
    }
    if (this.hasPendingFocusMove()) return;
    const { screen, focused } = this.session();
    const wanted = `${screen}|${focused}`;
    if (!force && wanted === this.#applied) return;
    const active = document.activeElement;
    // Nobody is taken out of what they are busy with outside the phone: with `force`, anything;
    // always, a text being typed (the source editor, its find box). What is not applied then is
    // applied by the next change, whatever it is.
    const outside = active && active !== document.body && !this.root.contains(active);
    if (outside && (force || isTextEntry(active))) {
      if (!force) this.#applied = null;
      this.#showNote(null);
      return;
    }
    const view = this.viewOf();
    const target = view?.inputFor(focused);
    const pause = own || target === active ? 0 : this.#busyFor(active);
    if (pause > 0) {
      this.#putOff(pause, force);
      return;
    }
    clearTimeout(this.#later);
    this.#later = 0;
    this.#laterForced = false;
    this.#showNote(null);
    this.#applied = wanted;
    if (target) {
      if (active !== target) {
        this.quietly(() => target.focus({ preventScroll: true }));
        this.#reveal(target);
      }
    } else if (view?.isField(active)) {
      this.quietly(() => active.blur());
    }
  }

  /**
   * How long someone else's move must wait for the person (0: not at all): while they type in the
   * field that has their focus, until they stop for `idleMs`; otherwise only through a pause in
   * their typing.
   */
  #busyFor(active) {
    const pause = this.typingPause();
    if (active !== this.#typedIn || !this.viewOf()?.isField(active)) return pause;
    return Math.max(pause, this.#typedAt + this.idleMs - performance.now());
  }

  /** Tries again once the person has paused typing (or sooner, if they leave their field). */
  #putOff(pause, force) {
    clearTimeout(this.#later);
    this.#laterForced ||= force;
    this.#later = setTimeout(() => {
      this.#later = 0;
      this.apply({ force: this.#laterForced });
    }, pause);
    const field = this.#typedIn === document.activeElement ? this.fieldName(this.#typedIn) : null;
    const move = this.describeMove();
    if (field && move) this.#showNote(`${move}. You stay in ${field} until you leave it or stop typing for ${Math.round(this.idleMs / 1000)} s.`);
  }

  #showNote(text) {
    if (this.note.textContent === (text ?? '')) return;
    this.note.textContent = text ?? '';
    this.note.hidden = !text;
  }

  /** Scrolls the phone's own screen area to show `target` if needed; the page itself never moves. */
  #reveal(target) {
    const box = target.getBoundingClientRect();
    const area = this.root.getBoundingClientRect();
    if (box.top < area.top) this.root.scrollTop -= area.top - box.top;
    else if (box.bottom > area.bottom) this.root.scrollTop += Math.min(box.bottom - area.bottom, box.top - area.top);
  }

  #focusIn(event) {
    if (this.#quiet || !this.enabled()) return;
    const view = this.viewOf();
    if (!view?.isField(event.target)) return;
    const key = view.keyOf(event.target);
    if (key === this.session().focused && !this.hasPendingFocusMove()) return;
    this.requestFocus(view.id, key);
  }

  #focusOut(event) {
    const left = event.target === this.#typedIn;
    if (left) this.#typedIn = null;
    if (this.#quiet || !this.enabled()) return;
    const view = this.viewOf();
    const field = event.target;
    // A field the session's focus has left (someone else moved it while this person typed here):
    // leaving it releases nothing, and a follow waiting for the person happens now.
    if (view?.isField(field) && view.keyOf(field) !== this.session().focused && !this.hasPendingFocusMove()) {
      if (left && this.#later) setTimeout(() => this.apply({ force: this.#laterForced }), 0);
      return;
    }
    // Moving to anything focusable (another field, a phone button, a panel) is not a release:
    // the next field reports itself, and buttons act on the focus they found.
    if (!view?.isField(field) || event.relatedTarget) return;
    // Decided once the browser has settled: only focus that went nowhere (the body) is a release;
    // a window losing focus keeps activeElement, and a click on a button lands on the button.
    setTimeout(() => {
      const active = document.activeElement;
      const nothing = !active || active === document.body;
      if (!nothing || view !== this.viewOf()) return;
      if (this.session().focused === null && !this.hasPendingFocusMove()) return;
      this.requestFocus(view.id, null);
    }, 0);
  }
}

/** Whether `element` takes typing (a text area, or an input other than a button, box or switch). */
function isTextEntry(element) {
  return element.tagName === 'TEXTAREA'
    || (element.tagName === 'INPUT' && !['button', 'checkbox', 'radio', 'range', 'submit', 'reset'].includes(element.type));
}
