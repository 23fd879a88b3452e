// The lesson panel: the catalogue (`GET /api/lessons`, fetched once), the lesson written for the
// session's own source (`state.customLesson`), and the lesson the session follows, drawn from
// `state.lesson` alone. Its controls send `lesson` intents; whether a step
// passed is the server's to say, so every browser on the session shows the same step.

import { byId, h } from './dom.js';

const RETRY_MS = [1000, 3000, 10000];
/** The panel's parts, by the ids in index.html (`lesson-<part>`). */
const PARTS = ['name', 'progress', 'select', 'start', 'stop', 'summary', 'body', 'instruction', 'hint', 'hint-text',
  'complete', 'swift', 'previous', 'next', 'restart', 'locked', 'error'];

/** The catalogue's lessons (`[{id, title, screen, summary, steps}]`), retried a few times. */
export async function fetchLessons() {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch('api/lessons', { headers: { Accept: 'application/json' } });
      if (response.ok) {
        const { lessons } = await response.json();
        if (Array.isArray(lessons)) return lessons;
      }
    } catch {
      // Unreachable: try again below.
    }
    if (attempt >= RETRY_MS.length) return null;
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS[attempt]));
  }
}

export class LessonPanel {
  #lessons = null;
  /** The lesson written for the session's source, or null: listed first, followed like the others. */
  #custom = null;
  /** What was last announced about: `{lesson, step, hint, complete}` or null, to say only changes. */
  #said = undefined;
  /** The lesson the chooser was last set to follow. */
  #followed = null;
  /** Whether this person chose in the chooser; until then it offers the shown screen's lesson. */
  #chosenByHand = false;
  #progress = null;
  /** The session's screens (the chooser lists the lessons on them), or null before they are known. */
  #screens = null;
  /** The ids the chooser lists, space-separated, to rebuild it only when they change. */
  #listed = null;

  /** `onLesson(id, step)`: send a `lesson` intent (`id` null stops); `announcer`: the page's polite voice. */
  constructor({ onLesson, announcer }) {
    this.onLesson = onLesson;
    this.announcer = announcer;
    this.el = Object.fromEntries(PARTS.map((part) => [camel(part), byId(`lesson-${part}`)]));
    this.section = byId('lesson-title').closest('section');
    const { el } = this;
    this.controls = [el.start, el.stop, el.previous, el.next, el.restart];
    el.select.addEventListener('change', () => {
      this.#chosenByHand = true;
      this.#showSummary();
    });
    this.#on(el.start, () => [el.select.value, 0]);
    this.#on(el.stop, () => [null, 0]);
    this.#on(el.previous, () => [this.#progress.lesson, this.#progress.step - 1]);
    this.#on(el.next, () => [this.#progress.lesson, this.#progress.step + 1]);
    this.#on(el.restart, () => [this.#progress.lesson, 0]);
  }

  /** The catalogue arrived (`lessons`), or could not be fetched (null). */
  setCatalogue(lessons) {
    this.#lessons = lessons;
    this.el.error.hidden = lessons !== null;
    this.#listed = null;
    this.#list();
  }

  /** The session's written lesson (`state.customLesson`), or null. */
  setCustom(lesson) {
    if (JSON.stringify(lesson) === JSON.stringify(this.#custom)) return;
    this.#custom = lesson;
    this.#listed = null;
    this.#list();
  }

  /** The source line the step under way is about (from 1), or null. */
  get markedLine() {
    const lesson = this.#lessonOf(this.#progress);
    if (!lesson || this.#progress.complete) return null;
    return lesson.steps[this.#progress.step]?.line ?? null;
  }

  /**
   * Draws `progress` (the shown state's `lesson`, or null). `locked`: why the controls do
   * nothing here (a sentence), or null; `announce`: say changes of step, hint and completion.
   */
  render(progress, { locked = null, announce = true } = {}) {
    const { el } = this;
    this.#progress = progress;
    const lesson = this.#lessonOf(progress);
    const step = lesson?.steps[progress.step] ?? null;
    const last = lesson ? lesson.steps.length - 1 : 0;

    el.name.textContent = lesson ? `· ${lesson.title}` : '';
    el.progress.textContent = step ? `Step ${progress.step + 1} of ${lesson.steps.length}` : '';
    el.body.hidden = !step;
    el.stop.hidden = !step;
    if (step) {
      // The chooser follows the session's lesson when it changes, not while someone picks another.
      if (this.#followed !== progress.lesson) el.select.value = progress.lesson;
      this.#followed = progress.lesson;
      el.instruction.textContent = step.instruction;
      el.instruction.hidden = progress.complete;
      el.hintText.textContent = step.hint;
      el.hint.hidden = !progress.hint || progress.complete;
      el.complete.hidden = !progress.complete;
      el.swift.textContent = step.swift ?? '';
      el.swift.closest('p').hidden = !step.swift;
    }
    this.#summaryShown();
    el.locked.textContent = locked ?? '';
    el.locked.hidden = !locked;
    const unavailable = new Map([
      [el.start, !this.#listedLessons().length], [el.stop, !step],
      [el.previous, !step || progress.step === 0], [el.next, !step || progress.complete || progress.step >= last],
      [el.restart, !step],
    ]);
    for (const control of this.controls) {
      control.setAttribute('aria-disabled', String(Boolean(locked) || unavailable.get(control)));
      if (locked) control.setAttribute('aria-describedby', el.locked.id);
      else control.removeAttribute('aria-describedby');
    }
    if (!progress) this.#followed = null;
    if (announce) {
      if (this.#said !== undefined) this.#announce(progress, lesson, step);
      this.#said = progress ? { ...progress } : null;
    }
  }

  /**
   * The session has `screens`, `screen` on show: the chooser lists the lessons on those screens
   * and, with no lesson running and until this person chooses one, offers the lesson of `screen`.
   */
  offerFor(screens, screen) {
    this.#screens = screens;
    this.#list();
    if (this.#progress || this.#chosenByHand) return;
    const lesson = this.#all().find((candidate) => candidate.screen === screen);
    if (!lesson || this.el.select.value === lesson.id) return;
    this.el.select.value = lesson.id;
    this.#showSummary();
  }

  /** The lessons on the session's screens (all of them until the screens are known). */
  #listedLessons() {
    return this.#all().filter((lesson) => !this.#screens || this.#screens.includes(lesson.screen));
  }

  /** Lists the lessons the session can follow; a panel with none has the `has-lessons` class off. */
  #list() {
    const lessons = this.#listedLessons();
    const ids = lessons.map((lesson) => lesson.id).join(' ');
    if (ids === this.#listed) return;
    this.#listed = ids;
    const chosen = this.el.select.value;
    this.el.select.replaceChildren(...lessons.map((lesson) => h('option', { value: lesson.id, text: lesson.title })));
    if (lessons.some((lesson) => lesson.id === chosen)) this.el.select.value = chosen;
    this.section.classList.toggle('has-lessons', lessons.length > 0);
    this.#showSummary();
  }

  #lessonOf(progress) {
    return progress ? this.#all().find((lesson) => lesson.id === progress.lesson) ?? null : null;
  }

  /** Every lesson the session may follow: its own first, then the catalogue's. */
  #all() {
    return [...(this.#custom ? [this.#custom] : []), ...(this.#lessons ?? [])];
  }

  #on(button, target) {
    button.addEventListener('click', () => {
      if (button.getAttribute('aria-disabled') === 'true') return;
      const [id, step] = target();
      this.onLesson(id, step);
    });
  }

  #showSummary() {
    const { el } = this;
    const chosen = this.#all().find((lesson) => lesson.id === el.select.value);
    const steps = chosen ? `${chosen.steps.length} steps` : '';
    el.summary.textContent = chosen?.summary ? `${chosen.summary} (${steps})` : steps;
    this.#summaryShown();
  }

  /** The summary helps choose; once a lesson runs, its step takes the room. */
  #summaryShown() {
    this.el.summary.hidden = !this.el.body.hidden || !this.el.summary.textContent;
  }

  #announce(progress, lesson, step) {
    const before = this.#said;
    if (!progress) {
      if (before) this.announcer.say('The lesson stopped.');
      return;
    }
    if (!step) return;
    if (progress.complete && !before?.complete) {
      this.announcer.say(`Lesson complete: ${lesson.title}.`);
    } else if (before?.lesson !== progress.lesson || before?.step !== progress.step) {
      this.announcer.say(`Step ${progress.step + 1} of ${lesson.steps.length}: ${step.instruction}`);
    } else if (progress.hint && !before.hint) {
      this.announcer.say(`Hint: ${step.hint}`);
    }
  }
}

function camel(name) {
  return name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
}
