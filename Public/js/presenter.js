// The code panel's display controls: the Present switch (the presenter layout: phone and code
// grown to the window, larger code) and the code's font size, one size per layout. Present is
// the session's, steered by its presenter for everyone; anyone else may still choose their own
// layout, until the presenter switches it again. This browser remembers its sizes and that choice.

import { byId } from './dom.js';

const LAYOUT_KEY = 'focusSync.layout';
const SIZE_STEPS = [11, 12, 13, 14, 15, 16, 17, 18, 20, 22, 24, 28, 32];
/** Font sizes in px per layout: the presenter's code is never under 16 px. */
const SIZES = {
  normal: { key: 'focusSync.codeSize', min: 11, max: 24, initial: 13 },
  present: { key: 'focusSync.codeSize.present', min: 16, max: 32, initial: 16 },
};

export class PresenterControls {
  /** This browser's own choice (`present` or `normal`) over the session's, or null. */
  #own;
  /** The session's Present as last seen, or null before the first snapshot. */
  #session = null;
  #presenting = false;

  /** `steer(present)`: asks the session to switch Present for everyone (the presenter's page). */
  constructor({ steer }) {
    Object.assign(this, {
      steer, page: document.documentElement, toggle: byId('present'),
      smaller: byId('code-smaller'), larger: byId('code-larger'), output: byId('code-size'),
    });
    const stored = read(LAYOUT_KEY);
    this.#own = stored === 'present' || stored === 'normal' ? stored : null;
    this.sizes = Object.fromEntries(Object.entries(SIZES).map(([layout, { key, min, max, initial }]) => {
      const stored = Number(read(key));
      return [layout, Number.isFinite(stored) && stored >= min && stored <= max ? stored : initial];
    }));
    this.toggle.addEventListener('click', () => {
      const present = this.layout !== 'present';
      if (this.#presenting) {
        this.steer(present);
        return;
      }
      this.#own = present ? 'present' : 'normal';
      write(LAYOUT_KEY, this.#own);
      this.#apply();
    });
    this.smaller.addEventListener('click', () => this.#step(-1));
    this.larger.addEventListener('click', () => this.#step(+1));
    this.#apply();
  }

  /** The layout shown: the presenter's page shows the session's; anyone else's, their own choice if they made one. */
  get layout() {
    const session = this.#session ? 'present' : 'normal';
    return this.#presenting ? session : this.#own ?? session;
  }

  /** The session's presentation: `present` as the presenter set it, `presenting`: this tab presents. */
  follow({ present, presenting }) {
    // The presenter switched Present: everyone's own choice gives way.
    if (this.#session !== null && present !== this.#session) {
      this.#own = null;
      write(LAYOUT_KEY, null);
    }
    this.#session = present;
    this.#presenting = presenting;
    this.#apply();
  }

  #step(direction) {
    const { key, min, max } = SIZES[this.layout];
    const steps = SIZE_STEPS.filter((size) => size >= min && size <= max);
    const current = this.sizes[this.layout];
    const next = direction > 0 ? steps.find((size) => size > current) : steps.findLast((size) => size < current);
    if (next === undefined) return;
    this.sizes[this.layout] = next;
    write(key, String(next));
    this.#apply();
  }

  #apply() {
    const layout = this.layout;
    const present = layout === 'present';
    if (present) this.page.dataset.layout = 'present';
    else delete this.page.dataset.layout;
    this.toggle.setAttribute('aria-pressed', String(present));
    this.toggle.title = this.#presenting
      ? 'Presenter layout for everyone: phone and code grown to the window, larger code'
      : 'Presenter layout in this browser: phone and code grown to the window, larger code';
    const size = this.sizes[layout];
    const { min, max } = SIZES[layout];
    this.page.style.setProperty('--code-size', `${size}px`);
    this.output.value = `${size} px`;
    // aria-disabled rather than disabled, so a keyboard user at the limit keeps their place.
    this.smaller.setAttribute('aria-disabled', String(size <= min));
    this.larger.setAttribute('aria-disabled', String(size >= max));
  }
}

/** localStorage, or nothing where the browser refuses it (the controls still work for the page's life). */
function read(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

/** Stores `value`, or forgets the key for null. */
function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch { /* not remembered */ }
}
