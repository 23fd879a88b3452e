// The screen tabs: a tablist with roving tabindex. Arrow keys move between tabs; Enter, Space or a
// click asks the session to navigate (the selected tab follows the session, not the click).

import { h, domId } from './dom.js';

export class Tabs {
  #tabs = [];
  /** The screens the tabs were built for, to build them again only when those change. */
  #built = null;

  constructor(root, panel, onActivate) {
    this.root = root;
    this.panel = panel;
    root.addEventListener('keydown', (event) => this.#keydown(event));
    this.onActivate = onActivate;
    // Long screen names wrap the tabs onto more rows: the presenter layout sizes the phone to the room under them.
    new ResizeObserver(() => document.documentElement.style.setProperty('--tabs-height', `${root.offsetHeight}px`)).observe(root);
  }

  /** Builds one tab per screen (`[{id, title}]`), again only when the screens change (a new source). */
  build(screens) {
    const built = JSON.stringify(screens);
    if (built === this.#built) return;
    this.#built = built;
    this.#tabs = screens.map(({ id, title }) => h('button', {
      type: 'button', role: 'tab', id: domId('tab', id), class: 'tab', text: title,
      'aria-controls': this.panel.id, 'aria-selected': 'false', tabindex: '-1', dataset: { screen: id },
      onclick: () => this.onActivate(id),
    }));
    this.root.replaceChildren(...this.#tabs);
  }

  /** Marks `screen`'s tab selected; `locked`: activating a tab does nothing here (a viewer, or the past). */
  select(screen, locked = false) {
    for (const tab of this.#tabs) {
      tab.setAttribute('aria-disabled', String(locked));
      const selected = tab.dataset.screen === screen;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      if (selected) this.panel.setAttribute('aria-labelledby', tab.id);
    }
  }

  #keydown(event) {
    const index = this.#tabs.indexOf(document.activeElement);
    if (index < 0) return;
    const last = this.#tabs.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    for (const tab of this.#tabs) tab.tabIndex = -1;
    this.#tabs[target].tabIndex = 0;
    this.#tabs[target].focus();
  }
}
