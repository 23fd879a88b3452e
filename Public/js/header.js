// The header: who is here (and who presents), the connection state, and the Share button with
// the session's two links.

import { h, byId } from './dom.js';
import { copyLink, sessionLink } from './session.js';
import { ErrorCode } from './protocol.js';

/** Why a session cannot be reached, in plain words, for the one explanation the page shows. */
const ENDED = {
  [ErrorCode.unknownSession]: 'There is no session at this link. It may have expired (a session is kept for a day after the last person leaves it), or the link may be incomplete.',
};

export class Header {
  #countdown = 0;

  /** `onRetry()`: reconnect now. */
  constructor({ onRetry }) {
    this.offline = byId('phone-offline');
    this.presence = byId('presence-list');
    this.connection = byId('connection');
    this.connectionText = byId('connection-text');
    this.retry = byId('retry-now');
    this.share = byId('share');
    this.shareStatus = byId('share-status');
    this.sharePanel = byId('share-panel');
    this.editLink = byId('share-edit');
    this.links = { edit: byId('share-url'), watch: byId('share-viewer-url') };
    this.watching = byId('watching');
    this.nameButton = byId('name-button');
    this.retry.addEventListener('click', onRetry);
    this.share.addEventListener('click', () => this.#toggleShare());
    for (const [kind, input] of Object.entries(this.links)) {
      byId(`${input.id}-copy`).addEventListener('click', () => this.#copy(kind, input));
    }
  }

  /**
   * The links to share: an editor has both (`id`, and `viewer`, the read-only capability); a
   * viewer has its own, the watch-only one.
   */
  showLinks({ role, id, viewer }) {
    const watch = role === 'viewer' ? id : viewer;
    this.links.edit.value = role === 'viewer' ? '' : sessionLink(id);
    this.links.watch.value = watch ? sessionLink(watch) : '';
    this.editLink.hidden = role === 'viewer';
  }

  /**
   * A viewer's page says so, and who presents; `presenter` is a person or null. Viewers are
   * counted, never named, so only editors choose a name.
   */
  showRole(role, presenter) {
    this.watching.hidden = role !== 'viewer';
    this.nameButton.hidden = role === 'viewer';
    if (role !== 'viewer') return;
    const who = presenter ? `${presenter.name} presents.` : 'Nobody is presenting right now.';
    this.watching.textContent = `Watching — you can't change this session. ${who}`;
  }

  /**
   * `people`: `[{member, name, color, isYou}]`, the named editors connected; `count`:
   * `{editors, viewers}`, everyone connected (in a crowd, more editors than are named).
   */
  showPeople(people, count, presenter = null) {
    const others = count.editors - people.length;
    // Who presents, as the session says (the one a class follows).
    this.presence.replaceChildren(...[...people.map((person) => {
      const dot = h('span', { class: 'person-dot', 'aria-hidden': 'true' });
      dot.style.backgroundColor = person.color;
      return h('li', { class: person.isYou ? 'person person-you' : 'person', dataset: { member: person.member } },
        dot, person.name, person.isYou ? h('span', { class: 'person-you-label', text: ' (you)' }) : null,
        person.member === presenter ? h('span', { class: 'person-presenting', text: ' · presenting' }) : null);
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
    if (status.state === 'ended') this.#end(ENDED[status.problem] ?? 'The server ended this session.');
  }

  /** The phone says itself when it is offline, and how many changes (`count`) it holds for the server. */
  showWaiting({ state }, count) {
    const offline = state !== 'connected' && state !== 'ended';
    this.offline.hidden = !offline;
    this.offline.textContent = offline ? `Offline — ${waiting(count)} here until reconnected` : '';
  }

  /** The session cannot be reached again: one explanation and one way forward replace the playground. */
  #end(reason) {
    byId('session-ended-reason').textContent = reason;
    byId('session-ended').hidden = false;
  }

  #toggleShare() {
    const open = this.sharePanel.hidden;
    this.sharePanel.hidden = !open;
    this.share.setAttribute('aria-expanded', String(open));
    this.shareStatus.textContent = '';
  }

  async #copy(kind, input) {
    const what = kind === 'edit' ? 'Edit link' : 'Watch-only link';
    if (await copyLink(input.value)) {
      this.shareStatus.textContent = `${what} copied.`;
      return;
    }
    this.shareStatus.textContent = `Copying is blocked here: the ${what.toLowerCase()} is selected, copy it yourself.`;
    input.focus();
    input.select();
  }
}

/** What the phone holds for the server, as the subject of "… here until reconnected". */
function waiting(count) {
  if (count === 0) return 'changes wait';
  return count === 1 ? '1 change waits' : `${count.toLocaleString('en')} changes wait`;
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
