// The class: "Try it yourself" makes a viewer their own session (a fork); the presenter's page
// shows every fork live (the roster the server pushes), watches one read-only and shows one to
// the class; a viewer's page shows the fork the presenter shows, read-only, until they return.

import { h, byId, arrange } from './dom.js';
import { sessionLink } from './session.js';
import { EventKind } from './protocol.js';

/** How the roster sorts: by lesson step (furthest first, then name) or by name. */
const SORTS = {
  step: (a, b) => stepRank(b) - stepRank(a) || byName(a, b),
  name: (a, b) => byName(a, b) || stepRank(b) - stepRank(a),
};

export class ClassView {
  /** Roster entries by the fork's viewer capability, as the server last sent them. */
  #forks = new Map();
  #rows = new Map();
  #role = null;
  /** This page's member, and whether it presents: only the presenter shows a fork to the class. */
  #you = null;
  #presenting = false;
  #shown = null;
  #watched = null;

  constructor(connection) {
    this.connection = connection;
    this.tryIt = byId('try-it');
    this.tryStatus = byId('try-it-status');
    this.section = byId('class-view');
    this.count = byId('class-count');
    this.sort = byId('class-sort');
    this.body = byId('class-roster');
    this.watch = byId('class-watch');
    this.watchTitle = byId('class-watch-title');
    this.watchFrame = byId('class-watch-frame');
    this.back = byId('class-back');
    this.shownPanel = byId('shown-fork');
    this.shownFrame = byId('shown-fork-frame');
    // A page inside another (a fork watched or shown) makes no forks of its own.
    this.embedded = window.top !== window;
    this.tryIt.addEventListener('click', () => this.#fork());
    this.sort.addEventListener('change', () => this.#render());
    byId('class-watch-stop').addEventListener('click', () => this.#watchFork(null));
    this.back.addEventListener('click', () => connection.tell({ type: 'show', fork: null }));
    connection.addEventListener('message', (event) => this.#receive(event.detail.message));
  }

  #receive(message) {
    switch (message.type) {
      case 'snapshot':
        this.#role = message.role;
        this.#you = message.you?.member ?? null;
        this.#presenting = message.presentation?.presenter === this.#you;
        this.tryIt.hidden = message.role !== 'viewer' || this.embedded;
        this.#showShown(message.shown ?? null);
        break;
      case 'presentation':
        this.#presenting = message.presentation.presenter === this.#you;
        this.#render();
        break;
      case 'forks':
        if (message.whole) this.#forks.clear();
        for (const fork of message.forks) this.#forks.set(fork.id, fork);
        this.#render();
        break;
      case 'shown':
        this.#showShown(message.fork);
        break;
      default:
        break;
    }
  }

  /** POST …/forks with this page's capability, then opens the fork (the student's own session). */
  async #fork() {
    this.tryIt.disabled = true;
    this.tryStatus.textContent = 'Making your own copy…';
    try {
      const response = await fetch(`api/sessions/${encodeURIComponent(this.connection.sessionId)}/forks`, {
        method: 'POST', headers: { Accept: 'application/json' },
      });
      const body = await response.json();
      if (!response.ok || typeof body.id !== 'string') throw new Error(body.error?.message ?? `HTTP ${response.status}`);
      location.assign(sessionLink(body.id));
    } catch (error) {
      this.tryStatus.textContent = `Your copy could not be made: ${error.message}`;
      this.tryIt.disabled = false;
    }
  }

  /** The fork shown to the class: an editor sees it in the class view, a viewer instead of the session. */
  #showShown(fork) {
    this.#shown = fork;
    const showing = Boolean(fork) && this.#role === 'viewer';
    this.shownPanel.hidden = !showing;
    document.body.classList.toggle('showing-fork', showing);
    const link = showing ? sessionLink(fork) : 'about:blank';
    if (this.shownFrame.dataset.fork !== (fork ?? '')) {
      this.shownFrame.dataset.fork = fork ?? '';
      this.shownFrame.src = link;
    }
    this.back.hidden = !fork || this.#role !== 'editor';
    this.#render();
  }

  #watchFork(id) {
    this.#watched = id;
    this.watch.hidden = !id;
    this.watchFrame.src = id ? sessionLink(id) : 'about:blank';
    this.#render();
    // The keyboard goes where the student's session now shows (the panel's title leads to it).
    if (id) {
      this.watchTitle.tabIndex = -1;
      this.watchTitle.focus();
    }
  }

  #render() {
    const editor = this.#role === 'editor';
    this.section.hidden = !editor || this.#forks.size === 0;
    if (this.section.hidden) return;
    const forks = [...this.#forks.values()].sort(SORTS[this.sort.value] ?? SORTS.step);
    const connected = forks.filter((fork) => fork.connected).length;
    this.count.textContent = `${forks.length} ${forks.length === 1 ? 'student' : 'students'}, ${connected} connected`;
    arrange(this.body, forks.map((fork) => this.#row(fork)));
    const watched = this.#watched && this.#forks.get(this.#watched);
    if (watched) this.watchTitle.textContent = `Watching ${nameOf(watched)} (read-only)`;
  }

  /** The row of `fork`, made once and updated in place, so a button keeps its focus. */
  #row(fork) {
    let row = this.#rows.get(fork.id);
    if (!row) {
      const cells = {
        name: h('th', { scope: 'row', class: 'class-name' }),
        step: h('td', { class: 'class-step' }),
        focus: h('td', { class: 'class-focus' }, h('code')),
        event: h('td', { class: 'class-event' }),
        when: h('td', { class: 'class-when' }, h('time')),
        connected: h('td', { class: 'class-connected' }),
      };
      const watch = h('button', { class: 'tool-button', type: 'button', onclick: () => this.#watchFork(fork.id) }, 'Watch');
      const show = h('button', {
        class: 'tool-button', type: 'button', onclick: () => this.connection.tell({ type: 'show', fork: fork.id }),
      }, 'Show to class');
      row = { element: h('tr', { dataset: { fork: fork.id } }, ...Object.values(cells), h('td', { class: 'class-actions' }, watch, show)),
        cells, watch, show };
      this.#rows.set(fork.id, row);
    }
    const { cells } = row;
    const name = nameOf(fork);
    cells.name.textContent = name;
    cells.step.textContent = stepText(fork.lesson);
    cells.focus.firstChild.textContent = fork.focus ?? '—';
    cells.event.textContent = fork.lastEvent ? eventText(fork.lastEvent.event) : 'nothing yet';
    const time = cells.when.firstChild;
    time.textContent = fork.lastEvent ? clock(fork.lastEvent.at) : '';
    if (fork.lastEvent) time.setAttribute('datetime', new Date(fork.lastEvent.at).toISOString());
    cells.connected.textContent = fork.connected ? 'connected' : 'away';
    row.element.dataset.connected = String(fork.connected);
    row.element.dataset.shown = String(fork.id === this.#shown);
    row.watch.setAttribute('aria-label', `Watch ${name}'s session`);
    row.show.setAttribute('aria-label', `Show ${name}'s session to the class`);
    row.show.setAttribute('aria-pressed', String(fork.id === this.#shown));
    row.show.hidden = !this.#presenting;
    return row.element;
  }
}

function nameOf(fork) {
  return fork.name ?? 'Nobody yet';
}

function byName(a, b) {
  return nameOf(a).localeCompare(nameOf(b));
}

/** Steps count from 1 on the page; a complete lesson ranks past its last step. */
function stepRank(fork) {
  if (!fork.lesson) return -1;
  return fork.lesson.step + (fork.lesson.complete ? 1 : 0);
}

function stepText(lesson) {
  if (!lesson) return 'no lesson';
  return lesson.complete ? 'complete' : `step ${lesson.step + 1}`;
}

/** A key as Swift spells an enum case (`.lastName`), `nil` for none. */
function swiftKey(key) {
  return key ? `.${key}` : 'nil';
}

/** The last event in a few words. */
function eventText(event) {
  switch (event.kind) {
    case EventKind.focus: return `focus ${swiftKey(event.from)} → ${swiftKey(event.to)}`;
    case EventKind.state: return `${event.name} = ${event.value}`;
    case EventKind.edit: return `typed in ${swiftKey(event.key)}`;
    case EventKind.navigate: return `showed ${event.to}`;
    case EventKind.timerSet: return `timer: ${event.afterMilliseconds} ms`;
    case EventKind.restart: return 'restarted';
    default: return event.kind;
  }
}

function clock(milliseconds) {
  const date = new Date(milliseconds);
  const pad = (value) => String(value).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
