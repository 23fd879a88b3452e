// The code panel's display controls: the Present switch (the presenter layout: phone and code side
// by side, larger code) and the code's font size, one size per layout. This browser remembers both.

import { byId } from './dom.js';

const LAYOUT_KEY = 'focusSync.layout';
const SIZE_STEPS = [11, 12, 13, 14, 15, 16, 17, 18, 20, 22, 24, 28, 32];
/** Font sizes in px per layout: the presenter's code is never under 16 px. */
const SIZES = {
  normal: { key: 'focusSync.codeSize', min: 11, max: 24, initial: 13 },
  present: { key: 'focusSync.codeSize.present', min: 16, max: 32, initial: 16 },
};

class PresenterControls {
  constructor({ page, toggle, smaller, larger, output }) {
    Object.assign(this, { page, toggle, smaller, larger, output });
    this.layout = read(LAYOUT_KEY) === 'present' ? 'present' : 'normal';
    this.sizes = Object.fromEntries(Object.entries(SIZES).map(([layout, { key, min, max, initial }]) => {
      const stored = Number(read(key));
      return [layout, Number.isFinite(stored) && stored >= min && stored <= max ? stored : initial];
    }));
    toggle.addEventListener('click', () => {
      this.layout = this.layout === 'present' ? 'normal' : 'present';
      write(LAYOUT_KEY, this.layout);
      this.#apply();
    });
    smaller.addEventListener('click', () => this.#step(-1));
    larger.addEventListener('click', () => this.#step(+1));
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
    const present = this.layout === 'present';
    if (present) this.page.dataset.layout = 'present';
    else delete this.page.dataset.layout;
    this.toggle.setAttribute('aria-pressed', String(present));
    const size = this.sizes[this.layout];
    const { min, max } = SIZES[this.layout];
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

function write(key, value) {
  try { localStorage.setItem(key, value); } catch { /* not remembered */ }
}

new PresenterControls({
  page: document.documentElement,
  toggle: byId('present'),
  smaller: byId('code-smaller'),
  larger: byId('code-larger'),
  output: byId('code-size'),
});
