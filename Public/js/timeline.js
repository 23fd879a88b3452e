// The timeline: a scrubber from the earliest revision the session keeps to the live one, a step
// back and forward, and Live, with a mark under each revision where focus moved or the source
// was edited (so scrubbing back to before an edit shows the program as it was). Where the scrubber rests, the page asks the server for the session
// as it was (`history`): at most 8 requests a second, and always the resting place last. The
// answers are shown read-only while live updates keep arriving; Live returns without a request.
// The presenter's moves are told to the session (at the same pace), and every other page's
// timeline follows them.

import { byId } from './dom.js';

/** At most 8 `history` requests a second (the server answers 10). */
const ASK_EVERY_MS = 125;
/** After a `rate_limited` answer, ask again for where the scrubber rests this much later. */
const RATE_LIMITED_RETRY_MS = 400;

export class Timeline {
  /** The revision asked for while showing the past; null while live. */
  #wanted = null;
  #asked = null;
  #askedAt = -Infinity;
  #timer = 0;
  /** Requests sent and not answered yet. */
  #unanswered = 0;
  #earliest = 0;
  #latest = 0;
  /** `{revision, kind}` of the revisions marked, oldest first (Store.marks). */
  #marks = [];
  /** What the marks were last drawn for, so an update that moves nothing draws nothing. */
  #drawnMarks = '';
  /** Whether the person here moved the timeline since it last followed the presenter's. */
  #own = false;
  /** The revision of the past answer on show, or null. */
  shown = null;

  /**
   * `ask(revision)`: sends `history`, returns whether it went; `onChange()`: the past was left,
   * entered, or its answer arrived (the page draws what to show); `tell(revision)`: the person
   * here moved the timeline to `revision` (null: Live), for the presenter's page to share.
   */
  constructor({ ask, onChange, tell }) {
    this.ask = ask;
    this.onChange = onChange;
    this.tell = tell;
    this.range = byId('timeline-range');
    this.back = byId('timeline-back');
    this.forward = byId('timeline-forward');
    this.live = byId('timeline-live');
    this.status = byId('timeline-status');
    this.markStrip = byId('timeline-marks');
    this.sourceNote = byId('timeline-source');
    // Across the top of the page too, so nobody takes the past for the present.
    this.banner = byId('past-banner');
    this.bannerText = byId('past-banner-text');
    byId('past-banner-live').addEventListener('click', () => this.#goLiveHere());
    this.range.addEventListener('input', () => this.#goHere(Number(this.range.value)));
    for (const [button, act] of [[this.back, () => this.#step(-1)], [this.forward, () => this.#step(+1)], [this.live, () => this.#goLiveHere()]]) {
      button.addEventListener('click', () => { if (button.getAttribute('aria-disabled') !== 'true') act(); });
    }
  }

  /** Whether the page shows the past (asked for, or answered). */
  get past() { return this.#wanted !== null; }

  /** The live copy moved: `{earliest, latest}` bound the scrubber; while live it rests at `latest`. */
  follow({ earliest, latest, marks = [] }) {
    this.#earliest = Math.min(earliest, latest);
    this.#latest = latest;
    this.#marks = marks;
    this.#drawMarks();
    this.range.min = String(this.#earliest);
    this.range.max = String(latest);
    if (!this.past) this.range.value = String(latest);
    this.#describe();
  }

  /**
   * A `past` answer: returns whether to show it (the page still wants the past). The last answer
   * of a burst sets the scrubber where the server's revision is (the nearest it keeps).
   */
  answered(past) {
    this.#unanswered = Math.max(0, this.#unanswered - 1);
    if (!this.past) return false;
    this.#earliest = past.earliest;
    this.range.min = String(past.earliest);
    if (this.#unanswered === 0 && !this.#timer && this.#asked === this.#wanted) {
      this.#wanted = past.revision;
      this.#asked = past.revision;
      this.range.value = String(past.revision);
    }
    this.shown = past.revision;
    this.#describe();
    return true;
  }

  /** The server refused a request for its rate: ask again for where the scrubber rests. */
  rateLimited() {
    this.#unanswered = Math.max(0, this.#unanswered - 1);
    if (!this.past) return;
    this.#asked = null;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#flush(), RATE_LIMITED_RETRY_MS);
  }

  /** A new connection: what was asked on the old one is lost, so ask again. */
  reconnected() {
    this.#unanswered = 0;
    this.#asked = null;
    if (this.past) this.#schedule();
  }

  /** Back to the live copy at once. */
  goLive() {
    if (!this.past) return;
    clearTimeout(this.#timer);
    this.#timer = 0;
    this.#wanted = null;
    this.#asked = null;
    this.shown = null;
    this.range.value = String(this.#latest);
    this.#describe();
    this.onChange();
  }

  /** Goes where the presenter's timeline is (null: Live), as if moved here, but tells nobody. */
  steer(revision) {
    this.#own = false;
    if (revision === null) this.goLive();
    else this.#go(revision);
  }

  #goHere(revision) {
    this.#own = true;
    this.#go(revision);
    if (!this.past) this.tell(null);
  }

  #goLiveHere() {
    const wasPast = this.past;
    this.#own = true;
    this.goLive();
    if (wasPast) this.tell(null);
  }

  #step(by) {
    this.#goHere((this.past ? this.#wanted : this.#latest) + by);
  }

  #go(revision) {
    const target = Math.max(this.#earliest, Math.min(this.#latest, revision));
    if (target >= this.#latest) {
      this.goLive();
      return;
    }
    const entering = !this.past;
    this.#wanted = target;
    this.range.value = String(target);
    this.#schedule();
    this.#describe();
    if (entering) this.onChange();
  }

  #schedule() {
    if (this.#timer) return;
    const wait = this.#askedAt + ASK_EVERY_MS - performance.now();
    if (wait <= 0) this.#flush();
    else this.#timer = setTimeout(() => this.#flush(), wait);
  }

  #flush() {
    this.#timer = 0;
    if (!this.past || this.#wanted === this.#asked) return;
    if (!this.ask(this.#wanted)) return;
    if (this.#own) this.tell(this.#wanted);
    this.#asked = this.#wanted;
    this.#askedAt = performance.now();
    this.#unanswered += 1;
  }

  /** One mark a revision and kind inside the scrubber's range, placed where its thumb would be. */
  #drawMarks() {
    const span = this.#latest - this.#earliest;
    const shown = this.#marks.filter(({ revision }) => revision > this.#earliest && revision <= this.#latest);
    const key = `${this.#earliest}:${this.#latest}:${shown.map(({ revision, kind }) => `${revision}${kind[0]}`).join(',')}`;
    if (key === this.#drawnMarks) return;
    this.#drawnMarks = key;
    const marks = shown.map(({ revision, kind }) => {
      const mark = document.createElement('span');
      mark.className = 'timeline-mark';
      mark.dataset.kind = kind;
      mark.dataset.revision = String(revision);
      mark.style.left = `${span > 0 ? ((revision - this.#earliest) / span) * 100 : 100}%`;
      return mark;
    });
    this.markStrip.replaceChildren(...marks);
  }

  /** While the past shows: whether the source shown is the one that runs now, or how often it changed since. */
  #describeSource(live) {
    const since = live || this.shown === null ? 0 : this.#marks.filter(({ revision, kind }) => kind === 'source' && revision > this.shown).length;
    const text = live || this.shown === null ? ''
      : since === 0 ? 'The source then is the source now.'
        : `The source as it was then: edited ${since === 1 ? 'once' : `${since} times`} since.`;
    if (this.sourceNote.textContent !== text) this.sourceNote.textContent = text;
    this.sourceNote.hidden = text === '';
  }

  #describe() {
    const live = !this.past;
    this.#describeSource(live);
    const text = live
      ? `Live · revision ${this.#latest}`
      : this.shown === null
        ? `Going back to revision ${this.#wanted}…`
        : `Revision ${this.shown} of ${this.#latest} — the past; Live returns`;
    if (this.status.textContent !== text) this.status.textContent = text;
    this.banner.hidden = live;
    this.bannerText.textContent = live ? '' : text;
    this.range.setAttribute('aria-valuetext', live ? `Live, revision ${this.#latest}` : `Revision ${this.#wanted} of ${this.#latest}`);
    this.live.setAttribute('aria-disabled', String(live));
    this.back.setAttribute('aria-disabled', String((live ? this.#latest : this.#wanted) <= this.#earliest));
    this.forward.setAttribute('aria-disabled', String(live));
  }
}
