// "Write a lesson for this source": a form in the lesson panel where a teacher writes a lesson for
// the session's own source, step by step, and saves it (a `lesson` intent with the lesson object:
// the server checks it, keeps it with the session and starts it). A lesson file can be imported
// into the form and the session's lesson exported as JSON. The goals offered are the common ones;
// any other is written as JSON, in the same shape as the catalogue's (docs/PROTOCOL.md, Lessons).

import { byId, h } from './dom.js';

/** The goals the form offers, by the value of a step's goal chooser. */
const GOALS = {
  focus: { label: 'Focus moves to', make: (name) => ({ event: { kind: 'focus', to: name } }) },
  state: { label: 'Focus value is', make: (name) => ({ state: { focus: name } }) },
  json: { label: 'Goal as JSON', make: null },
};

export class LessonWriter {
  /** How many steps were ever added, for ids that stay unique. */
  #made = 0;
  /** Whether the teacher changed the form since it last showed the session's lesson. */
  #edited = false;
  /** The session's lesson as last shown (JSON text), to refill the form only when it changes. */
  #shown = null;
  /** The session's lesson, or null; `#context`: `{screen, fileName}` of the source shown. */
  #lesson = null;
  #context = { screen: null, fileName: 'source' };

  /** `onSave(lesson)`: send it to the session. */
  constructor({ onSave }) {
    this.onSave = onSave;
    this.form = byId('lesson-writer');
    this.title = byId('lesson-writer-title');
    this.steps = byId('lesson-writer-steps');
    this.status = byId('lesson-writer-status');
    this.file = byId('lesson-writer-file');
    byId('lesson-writer-add').addEventListener('click', () => this.#addStep().querySelector('input')?.focus());
    byId('lesson-writer-export').addEventListener('click', () => this.#export());
    this.file.addEventListener('change', () => this.#import());
    this.form.addEventListener('input', () => { this.#edited = true; });
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.#save();
    });
    this.#addStep();
  }

  /**
   * The session's written lesson (`state.customLesson`, or null) and the source shown: `screen`
   * the lesson runs on, `fileName` to name an export after. The form shows the session's lesson
   * while the teacher has not changed it here.
   */
  show(lesson, { screen, fileName }) {
    this.#lesson = lesson;
    this.#context = { screen, fileName };
    const text = lesson ? JSON.stringify(lesson) : null;
    if (text === this.#shown) return;
    this.#shown = text;
    if (lesson && !this.#edited) this.#fill(lesson);
  }

  /** The server refused the lesson saved: say why beside the form. */
  refused(message) {
    this.#say(message);
  }

  #fill(lesson) {
    this.title.value = lesson.title ?? '';
    this.steps.replaceChildren();
    for (const step of lesson.steps ?? []) this.#addStep(step);
    if (!this.steps.children.length) this.#addStep();
    this.#edited = false;
  }

  /** Appends a step's fields, filled from `step` if given; returns its element. */
  #addStep(step = null) {
    this.#made += 1;
    const id = (part) => `lesson-step-${this.#made}-${part}`;
    const field = (part, label, input) => h('p', { class: 'lesson-writer-field' }, h('label', { for: id(part), text: label }), input);
    const goal = readGoal(step?.goal);
    const kind = h('select', { id: id('goal'), dataset: { part: 'goal' } },
      ...Object.entries(GOALS).map(([value, { label }]) => h('option', { value, text: label })));
    kind.value = goal.kind;
    const name = h('input', { id: id('name'), dataset: { part: 'name' }, type: 'text', spellcheck: 'false',
      placeholder: 'username', value: goal.name });
    const json = h('textarea', { id: id('json'), dataset: { part: 'json' }, rows: '2', spellcheck: 'false' });
    json.value = goal.json;
    const nameField = field('name', 'Case', name);
    const jsonField = field('json', 'Goal JSON', json);
    const showGoal = () => {
      nameField.hidden = kind.value === 'json';
      jsonField.hidden = kind.value !== 'json';
    };
    kind.addEventListener('change', showGoal);
    const item = h('li', { class: 'lesson-writer-step' },
      h('fieldset', {},
        h('legend', { text: 'Step' }),
        field('instruction', 'Instruction', h('input', { id: id('instruction'), dataset: { part: 'instruction' }, type: 'text',
          required: true, value: step?.instruction ?? '' })),
        field('hint', 'Hint', h('input', { id: id('hint'), dataset: { part: 'hint' }, type: 'text', value: step?.hint ?? '' })),
        field('line', 'Line to mark', h('input', { id: id('line'), dataset: { part: 'line' }, type: 'number', min: '1',
          inputmode: 'numeric', value: step?.line ?? '' })),
        field('goal', 'Goal', kind), nameField, jsonField,
        h('button', { class: 'tool-button', type: 'button', text: 'Remove step', onclick: () => this.#remove(item) })));
    showGoal();
    this.steps.append(item);
    this.#number();
    return item;
  }

  #remove(item) {
    const next = item.nextElementSibling ?? item.previousElementSibling;
    item.remove();
    if (!this.steps.children.length) this.#addStep();
    this.#number();
    this.#edited = true;
    (next ?? this.steps.firstElementChild)?.querySelector('input')?.focus();
  }

  /** Names each step by its place: "Step 2", and its Remove button "Remove step 2". */
  #number() {
    [...this.steps.children].forEach((item, index) => {
      item.querySelector('legend').textContent = `Step ${index + 1}`;
      item.querySelector('button').setAttribute('aria-label', `Remove step ${index + 1}`);
    });
  }

  /** The lesson the form holds, or a sentence saying what to fix. */
  #lessonFromForm() {
    const title = this.title.value.trim();
    if (!title) return { problem: 'Write a title.' };
    const steps = [];
    for (const [index, item] of [...this.steps.children].entries()) {
      const part = (name) => item.querySelector(`[data-part="${name}"]`).value.trim();
      const kind = part('goal');
      let goal;
      if (kind === 'json') {
        try {
          goal = JSON.parse(part('json'));
        } catch {
          return { problem: `Step ${index + 1}: the goal is not JSON.` };
        }
      } else {
        const name = part('name').replace(/^\./, '');
        if (!name) return { problem: `Step ${index + 1}: name the case, like username.` };
        goal = GOALS[kind].make(name);
      }
      const step = { instruction: part('instruction'), hint: part('hint'), goal };
      if (part('line')) step.line = Number(part('line'));
      steps.push(step);
    }
    const id = this.#lesson?.title === title ? this.#lesson.id : slug(title);
    return { lesson: { id, title, screen: this.#lesson?.screen ?? this.#context.screen, summary: '', steps } };
  }

  #save() {
    const { lesson, problem } = this.#lessonFromForm();
    if (problem) {
      this.#say(problem);
      return;
    }
    this.#say('');
    this.#edited = false;
    this.onSave(lesson);
  }

  async #import() {
    const [file] = this.file.files;
    this.file.value = '';
    if (!file) return;
    try {
      const lesson = JSON.parse(await file.text());
      if (!Array.isArray(lesson?.steps)) throw new Error('no steps');
      this.#fill(lesson);
      this.#edited = true;
      this.#say(`Loaded ${file.name}. Save to use it.`);
    } catch {
      this.#say(`${file.name} is not a lesson file.`);
    }
  }

  /** Downloads the session's lesson (or, without one, the form's) as `<source>.lesson.json`. */
  #export() {
    const lesson = this.#lesson ?? this.#lessonFromForm().lesson;
    if (!lesson) {
      this.#say('Write or save a lesson first.');
      return;
    }
    const url = URL.createObjectURL(new Blob([`${JSON.stringify(lesson, null, 2)}\n`], { type: 'application/json' }));
    const link = h('a', { href: url, download: `${this.#context.fileName}.lesson.json`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    // The download has its own copy by the next task.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  #say(text) {
    this.status.textContent = text;
  }
}

/** A goal as the form shows it: one of the simple kinds with its case name, or JSON. */
function readGoal(goal) {
  const keys = (object) => (object && typeof object === 'object' ? Object.keys(object).sort().join() : '');
  if (!goal) return { kind: 'focus', name: '', json: '' };
  if (keys(goal) === 'event' && keys(goal.event) === 'kind,to' && goal.event.kind === 'focus' && typeof goal.event.to === 'string') {
    return { kind: 'focus', name: goal.event.to, json: '' };
  }
  if (keys(goal) === 'state' && keys(goal.state) === 'focus' && typeof goal.state.focus === 'string') {
    return { kind: 'state', name: goal.state.focus, json: '' };
  }
  return { kind: 'json', name: '', json: JSON.stringify(goal) };
}

/** An id from a title: lower-case letters, digits and dashes ("Return moves on" → `return-moves-on`). */
function slug(title) {
  const words = title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 48);
  return `${words || 'lesson'}-own`;
}
