// What the presenter steers, shown to everyone: who presents, the Ready a lesson's timer waits
// for, slow motion's countdown, and (on the presenter's page only) the switches that steer
// everyone's page and the hand-over of the role. The session holds all of it; this draws it.

import { byId, h } from './dom.js';

const COUNTDOWN_EVERY_MS = 100;
/** How many times slower slow motion runs the session's timers (PresentationState.slowMotionFactor). */
const SLOW_MOTION_FACTOR = 4;

export class PresentationPanel {
  #timers = [];
  #countdown = 0;
  #slowMotion = false;
  /** This tab's member while it may take the role from a presenter who is away, else null. */
  #taker = null;

  /** `tell(message)`: sends the presenter's `presentation`, `presenter` and `ready` messages. */
  constructor({ tell }) {
    const steer = (fields) => tell({ type: 'presentation', ...fields });
    this.line = byId('presenter-line');
    this.steerTitle = byId('steer-title');
    this.steerList = byId('steer-list');
    this.followLock = byId('steer-follow-lock');
    this.slowMotion = byId('steer-slow-motion');
    this.heir = byId('steer-heir');
    this.hand = byId('steer-hand');
    this.readyLine = byId('ready-line');
    this.readyText = byId('ready-text');
    this.ready = byId('ready');
    this.countdown = byId('timer-countdown');
    this.followLock.addEventListener('change', () => steer({ followLock: this.followLock.checked }));
    this.slowMotion.addEventListener('change', () => steer({ slowMotion: this.slowMotion.checked }));
    this.hand.addEventListener('click', () => { if (this.heir.value) tell({ type: 'presenter', member: this.heir.value }); });
    this.ready.addEventListener('click', () => tell({ type: 'ready' }));
    this.take = byId('take-presenting');
    this.take.addEventListener('click', () => { if (this.#taker) tell({ type: 'presenter', member: this.#taker }); });
  }

  /**
   * `presentation`: the session's; `presenter`: that person or null; `presenting`: this tab
   * presents; `heirs`: the other editors connected, `[{member, name}]`; `you`: this tab's member
   * when it may take the role (an editor, the presenter away), else null.
   */
  render({ presentation, presenter, presenting, heirs, you }) {
    this.#taker = you;
    this.line.textContent = presenting
      ? 'You present: Present, the timeline, the screen, Follow focus and slow motion change for everyone.'
      : !presenter ? 'Nobody presents yet.'
        : you ? `${presenter.name} presents, and has left: you may present from here.` : `${presenter.name} presents.`;
    this.take.hidden = !you;
    this.steerTitle.hidden = !presenting;
    this.steerList.hidden = !presenting;
    this.followLock.checked = presentation.followLock;
    this.slowMotion.checked = presentation.slowMotion;
    const options = heirs.map(({ member, name }) => h('option', { value: member, text: name }));
    const drawn = [...this.heir.options].map((option) => `${option.value}:${option.text}`).join();
    if (drawn !== heirs.map(({ member, name }) => `${member}:${name}`).join()) this.heir.replaceChildren(...options);
    this.hand.setAttribute('aria-disabled', String(heirs.length === 0));
    const waiting = presentation.waiting;
    this.readyLine.hidden = waiting === 0;
    this.ready.hidden = !presenting;
    const timers = waiting === 1 ? 'A timer waits' : `${waiting} timers wait`;
    this.readyText.textContent = presenting
      ? `${timers} for you: press Ready when the class is looking.`
      : `${timers} for ${presenter?.name ?? 'the presenter'} to say Ready.`;
    this.#slowMotion = presentation.slowMotion;
    this.#timers = presentation.timers;
    if (presentation.slowMotion) document.documentElement.dataset.slowMotion = '';
    else delete document.documentElement.dataset.slowMotion;
    this.#tick();
  }

  /** Slow motion's countdown to the next timer, every 100 ms while one is pending. */
  #tick() {
    clearTimeout(this.#countdown);
    const next = this.#timers.find((at) => at > Date.now());
    this.countdown.hidden = !this.#slowMotion;
    if (!this.#slowMotion) return;
    const text = next === undefined
      ? `Slow motion: timers run ${SLOW_MOTION_FACTOR} times slower.`
      : `Slow motion ×${SLOW_MOTION_FACTOR}: the next timer goes off in ${((next - Date.now()) / 1000).toFixed(1)} s`;
    if (this.countdown.textContent !== text) this.countdown.textContent = text;
    if (next !== undefined) this.#countdown = setTimeout(() => this.#tick(), COUNTDOWN_EVERY_MS);
  }
}
