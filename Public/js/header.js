// The header: who is here, the connection state, and the Share button.

import { h, byId } from './dom.js';
import { copyLink } from './session.js';

/** Why a session cannot be reached, in plain words, for the one explanation the page shows. */
const ENDED = {
  unknown_session: 'There is no session at this link. It may have expired (a session is kept for a day after the last person leaves it), or the link may be incomplete.',
};

export class Header {
  #countdown = 0;

  /** `onRetry()`: reconnect now; `onEnded(reason)`: the session cannot be reached again. */
  constructor({ onRetry, onEnded }) {
    this.onEnded = onEnded;
    this.presence = byId('presence-list');
    this.connection = byId('connection');
    this.connectionText = byId('connection-text');
    this.retry = byId('retry-now');
    this.shareStatus = byId('share-status');
    this.shareFallback = byId('share-fallback');
    this.shareURL = byId('share-url');
    this.retry.addEventListener('click', onRetry);
    byId('share').addEventListener('click', () => this.#share());
  }

  /**
   * `people`: `[{member, name, color, isYou}]`, the named editors connected; `count`:
   * `{editors, viewers}`, everyone connected (in a crowd, more editors than are named).
   */
  showPeople(people, count) {
    const others = count.editors - people.length;
    this.presence.replaceChildren(...[...people.map((person) => {
      const dot = h('span', { class: 'person-dot', 'aria-hidden': 'true' });
      dot.style.backgroundColor = person.color;
      return h('li', { class: person.isYou ? 'person person-you' : 'person', dataset: { member: person.member } },
        dot, person.name, person.isYou ? h('span', { class: 'person-you-label', text: ' (you)' }) : null);
    }),
    others > 0 ? h('li', { class: 'person person-count', text: `and ${others.toLocaleString('en')} more` }) : null,
    count.viewers > 0 ? h('li', { class: 'person person-count', text: `${count.viewers.toLocaleString('en')} watching` }) : null,
    ].filter(Boolean));
  }

  /** `status`: `{state, retryAt, problem}` from the connection. */
  showConnection(status) {
    clearInterval(this.#countdown);
    this.connection.dataset.state = status.state;
    this.retry.hidden = status.state !== 'reconnecting' || !status.retryAt;
    const render = () => { this.connectionText.textContent = describe(status); };
    render();
    if (status.state === 'reconnecting' && status.retryAt) this.#countdown = setInterval(render, 250);
    if (status.state === 'ended') this.onEnded(ENDED[status.problem] ?? 'The server ended this session.');
  }

  async #share() {
    const url = location.href;
    if (await copyLink(url)) {
      this.shareFallback.hidden = true;
      this.shareStatus.textContent = 'Link copied.';
      return;
    }
    this.shareURL.value = url;
    this.shareFallback.hidden = false;
    this.shareStatus.textContent = 'Copying is blocked here: copy the link below.';
    this.shareURL.focus();
    this.shareURL.select();
  }
}

function describe({ state, retryAt }) {
  switch (state) {
    case 'connected': return 'Connected';
    case 'offline': return 'Offline';
    case 'ended': return 'Not connected';
    case 'reconnecting': {
      if (!retryAt) return 'Reconnecting…';
      const seconds = Math.max(0, Math.ceil((retryAt - Date.now()) / 1000));
      return `Reconnecting in ${seconds} s`;
    }
    default: return 'Connecting…';
  }
}
