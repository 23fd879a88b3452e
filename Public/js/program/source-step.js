// Step, in the code panel: the switch that makes the next action run one statement at a time
// (an editor's; a viewer sees it and cannot turn it), and while an action is held, the statement
// shown (its line marked in the editor by the panel) with what it read and wrote and the focus
// state before → after, which a screen reader reaches in the panel as text. Back, Forward and
// Finish are the stepper's alone. Everything shown comes from `state.stepping`; nothing here
// reads Swift.

import { h, byId } from '../dom.js';

/** The words for what is held (`state.stepping.action`). */
const ACTIONS = { tap: 'a tap', submit: 'Return', focus: 'a focus', timer: 'a timer' };

export class SourceStep {
  /** `onStep(on)`: turns Step on or off; `onMove(move)`: `forward`, `back` or `finish`. */
  constructor({ onStep, onMove }) {
    this.toggle = byId('source-step-on');
    this.status = byId('source-step-status');
    this.moves = byId('source-step-moves');
    this.values = byId('source-step-values');
    this.back = byId('source-step-back');
    this.forward = byId('source-step-forward');
    this.finish = byId('source-step-finish');
    this.toggle.addEventListener('change', () => {
      this.toggle.setAttribute('aria-checked', String(this.toggle.checked));
      onStep(this.toggle.checked);
    });
    for (const [button, move] of [[this.back, 'back'], [this.forward, 'forward'], [this.finish, 'finish']]) {
      button.addEventListener('click', () => {
        if (button.getAttribute('aria-disabled') !== 'true') onMove(move);
      });
    }
  }

  /**
   * Shows `stepping` (`state.stepping`, or null while Step is off). `editable`: this page may
   * change the session; `you`: this page's member id; `nameOf(member)`: a member's name.
   */
  show(stepping, { editable, you, nameOf }) {
    const mine = stepping?.by === you;
    this.toggle.checked = Boolean(stepping);
    // A switch says its state in `aria-checked` too, which older readers of the role require.
    this.toggle.setAttribute('aria-checked', String(this.toggle.checked));
    // Only an editor turns Step, and only the one who turned it on turns it off.
    this.toggle.disabled = !editable || (Boolean(stepping) && !mine);
    const held = heldStatement(stepping);
    this.moves.hidden = !(mine && held);
    this.values.hidden = !held;
    this.status.textContent = statusOf(stepping, { mine, name: stepping ? nameOf(stepping.by) : '' });
    if (!held) {
      this.values.replaceChildren();
      return;
    }
    this.back.setAttribute('aria-disabled', String(stepping.at === 0));
    this.values.replaceChildren(
      ...term('Line', h('code', { text: String(held.line) })),
      ...term('Read', namedValues(held.reads, 'source-step-read')),
      ...term('Wrote', namedValues(held.writes, 'source-step-write')),
      ...term('Focus', listed(held.focusBefore, (before, index) => h('code', { class: 'source-step-focus', dataset: { name: before.name } },
        `${before.name}: ${before.value} → ${held.focusAfter[index]?.value ?? before.value}`), 'no focus state')),
    );
  }
}

/** The statement shown of a held action, or null while nothing is held. */
export function heldStatement(stepping) {
  const statements = stepping?.statements;
  return Array.isArray(statements) && Number.isInteger(stepping.at) ? statements[stepping.at] ?? null : null;
}

/** One sentence on where Step stands, said to a screen reader as it changes. */
function statusOf(stepping, { mine, name }) {
  if (!stepping) return '';
  const who = mine ? 'You' : name;
  const held = heldStatement(stepping);
  if (!held) {
    return mine ? 'Step is on: your next tap, Return or timer is held, to run one statement at a time.'
      : `${name} has Step on: their next action runs one statement at a time.`;
  }
  const what = ACTIONS[stepping.action] ?? 'an action';
  return `${who} ${mine ? 'are' : 'is'} stepping through ${what}: statement ${stepping.at + 1} of ${stepping.statements.length}, line ${held.line}.`;
}

function term(name, value) {
  return [h('dt', { text: name }), h('dd', {}, value)];
}

/** `name = value` of each, in a list (its codes of `kind`), or a word for none. */
function namedValues(values, kind) {
  return listed(values, (value) => h('code', { class: kind, dataset: { name: value.name } }, `${value.name} = ${value.value}`), 'nothing');
}

/** A list of `items` drawn by `draw`, or `none` when there are none. */
function listed(items, draw, none) {
  if (!items?.length) return none;
  return h('ul', { class: 'source-step-list' }, items.map((item, index) => h('li', {}, draw(item, index))));
}
