// One drawn view on the phone: the element for a DrawnView of each kind, made once and brought in
// line with the view on every render (program-view.js keeps the tree). Controls are named by
// their titles; a view the playground does not model is a labelled box that says so.

import { h } from '../dom.js';
import { inlineMarkdown } from './inline-markdown.js';
import { setValueKeepingCaret } from '../text-editing.js';
import { DrawnKind } from '../protocol.js';

/** Keyboard types and text content types, as the browser's input hints name them. */
const INPUT_MODES = {
  numberPad: 'numeric', decimalPad: 'decimal', phonePad: 'tel', emailAddress: 'email', URL: 'url', webSearch: 'search',
  asciiCapableNumberPad: 'numeric',
};
const AUTOCOMPLETE = {
  username: 'username', password: 'current-password', newPassword: 'new-password', oneTimeCode: 'one-time-code',
  emailAddress: 'email', name: 'name', givenName: 'given-name', familyName: 'family-name', nickname: 'nickname',
  telephoneNumber: 'tel', fullStreetAddress: 'street-address', postalCode: 'postal-code', addressCity: 'address-level2',
  countryName: 'country-name', creditCardNumber: 'cc-number', organizationName: 'organization', URL: 'url',
};
const ENTER_HINTS = { next: 'next', done: 'done', go: 'go', send: 'send', search: 'search', return: 'enter' };
/** What a text editor without a title is called. */
const EDITOR_NAME = 'Text editor';

/**
 * A node for `view`: `{kind, outer, element, host, control, update(view, context)}`. `host` holds
 * the children (null for views without content); `outer` is what its parent holds (an `li` in a
 * list); `control` is `{key, kind, input?, button?, label, submitLabel}` for a control.
 * `actions` is `{tap(key)}`: what a click on a button or toggle asks.
 */
export function createNode(view, { inList, actions }) {
  const node = MAKERS[view.kind]?.(view, actions) ?? MAKERS[DrawnKind.placeholder](view, actions);
  node.kind = view.kind;
  node.axis = view.axis;
  node.children = new Map();
  node.outer = inList ? h('li', { class: 'p-row' }, node.element) : node.element;
  return node;
}

/** A node's tag line for a drawn view: its source line, for the code panel and the tests. */
function mark(element, view) {
  element.dataset.line = String(view.line);
}

function container(tag, className, props = {}) {
  return () => {
    const element = h(tag, { class: className, ...props });
    return { element, host: element, update(view) { mark(element, view); } };
  };
}

function titled(view, { headingTag, className, role = null }) {
  const heading = h(headingTag, { class: `${className}-title` });
  const host = h('div', { class: `${className}-body` });
  const element = h(role ? 'div' : 'section', { class: className, role }, heading, host);
  return {
    element, host,
    update(next, { headingId }) {
      mark(element, next);
      heading.textContent = next.title ?? '';
      heading.hidden = !next.title;
      heading.id = headingId;
      if (next.title) element.setAttribute('aria-labelledby', headingId);
      else element.removeAttribute('aria-labelledby');
    },
  };
}

/** Whether a drawn text input holds several lines (a TextEditor, a TextField with a vertical axis): Return is a new line there. */
function isMultiline(view) {
  return view.kind === DrawnKind.textEditor || view.axis === 'vertical';
}

/**
 * Whether a single-line field is drawn as a textarea: its text holds a line break, which an
 * `<input>` would drop (a TextField keeps every character of its text, whatever it shows).
 * Return still submits there. A secure field stays an input, masked (text-editing.js keeps its
 * line breaks all the same).
 */
function holdsLines(view, text) {
  return view.kind === DrawnKind.textField && !isMultiline(view) && /[\r\n]/.test(text ?? '');
}

/** The element a field's text is edited in. */
function inputElement(view, lines) {
  const input = view.kind === DrawnKind.textEditor ? h('textarea', { rows: 4 })
    : view.axis === 'vertical' ? h('textarea', { rows: 2, class: 'field-vertical' })
    : lines ? h('textarea', { rows: 1, class: 'field-grows' })
    : h('input', { type: view.kind === DrawnKind.secureField ? 'password' : 'text' });
  input.classList.add('field-input');
  input.spellcheck = false;
  return input;
}

function textInput(view) {
  // Drawn with lines once its text has them, and kept so: the element changes only while it has no focus.
  let lines = holdsLines(view, view.value);
  let input = inputElement(view, lines);
  const label = h('label', { class: 'field-label' });
  const tag = h('span', { class: 'owner-tag', 'aria-hidden': 'true', hidden: true });
  const element = h('div', { class: `field field-${view.kind}` }, label, input, tag);
  const control = { key: view.key, kind: isMultiline(view) ? 'editor' : 'text', input, label: '', submitLabel: null };
  return {
    element, host: null, control,
    update(next, context) {
      mark(element, next);
      let text = context.textOf(next.key, input);
      if (!lines && holdsLines(next, text) && document.activeElement !== input) {
        lines = true;
        const textarea = inputElement(next, true);
        input.replaceWith(textarea);
        input = textarea;
        control.input = textarea;
        text = context.textOf(next.key, input);
      }
      const name = next.title || (next.kind === DrawnKind.textEditor ? EDITOR_NAME : `Field (line ${next.line})`);
      const id = context.domId(next.key);
      input.id = id;
      label.htmlFor = id;
      label.textContent = name;
      Object.assign(control, { key: next.key, label: name, submitLabel: next.submitLabel ?? null });
      input.dataset.field = next.key;
      element.dataset.field = next.key;
      // No content type: no suggestions, except on a password input, where axe finds `off` unfit.
      const autocomplete = AUTOCOMPLETE[next.textContentType] ?? (next.kind === DrawnKind.secureField ? null : 'off');
      if (autocomplete) input.autocomplete = autocomplete;
      else input.removeAttribute('autocomplete');
      if (INPUT_MODES[next.keyboardType]) input.inputMode = INPUT_MODES[next.keyboardType];
      else input.removeAttribute('inputmode');
      input.setAttribute('enterkeyhint', ENTER_HINTS[next.submitLabel] ?? 'enter');
      input.readOnly = context.locked;
      input.disabled = next.disabled;
      if (text !== null) setValueKeepingCaret(input, text);
      // As many rows as its lines, where the browser does not size it to its text (field-sizing).
      if (lines) input.rows = Math.max(1, input.value.split('\n').length);
      const focused = context.focused === next.key;
      element.classList.toggle('session-focus', focused);
      const owner = focused ? context.owner : null;
      element.style.setProperty('--owner-color', owner?.color ?? 'var(--accent)');
      tag.hidden = !owner || owner.isYou;
      tag.textContent = owner?.name ?? '';
    },
  };
}

/** A button or toggle: a click asks for a tap, unless it is disabled or the page is locked. */
function pressable(view, actions, { className, role = null }) {
  const title = h('span', { class: 'p-button-title' });
  const track = role === 'switch' ? h('span', { class: 'p-switch', 'aria-hidden': 'true' }, h('span', { class: 'p-switch-knob' })) : null;
  const button = h('button', { type: 'button', class: className, role }, title, track);
  const control = { key: view.key, kind: view.kind, button, label: '', submitLabel: null };
  let state = { locked: false, disabled: false };
  button.addEventListener('click', () => {
    if (!state.locked && !state.disabled) actions.tap(control.key);
  });
  return {
    element: button, host: null, control,
    update(next, context) {
      mark(button, next);
      state = { locked: context.locked, disabled: next.disabled };
      control.key = next.key;
      control.label = next.title ?? '';
      button.dataset.control = next.key;
      setText(title, next, { links: false });
      button.setAttribute('aria-disabled', String(next.disabled || context.locked));
      button.classList.toggle('p-disabled', next.disabled);
      if (role === 'switch') button.setAttribute('aria-checked', String(next.value === 'true'));
    },
  };
}

/**
 * A text's words, with inline Markdown when the view says so; redrawn only when they change.
 * `links`: whether a Markdown link may be drawn as one (not inside a button).
 */
function setText(element, view, { links = true } = {}) {
  const wanted = `${view.markdown ? 'md' : 'plain'}:${view.title ?? ''}`;
  if (element.dataset.text === wanted) return;
  element.dataset.text = wanted;
  if (view.markdown) element.replaceChildren(...inlineMarkdown(view.title ?? '', { links }));
  else element.textContent = view.title ?? '';
}

const MAKERS = {
  [DrawnKind.form]: container('div', 'p-form'),
  [DrawnKind.stack]: container('div', 'p-stack'),
  [DrawnKind.list]: container('ul', 'p-list'),
  [DrawnKind.section]: () => titled({}, { headingTag: 'h3', className: 'p-section' }),
  [DrawnKind.group]: () => titled({}, { headingTag: 'p', className: 'p-groupbox', role: 'group' }),
  [DrawnKind.textField]: textInput,
  [DrawnKind.secureField]: textInput,
  [DrawnKind.textEditor]: textInput,
  [DrawnKind.button]: (view, actions) => pressable(view, actions, { className: 'phone-button p-button' }),
  [DrawnKind.toggle]: (view, actions) => pressable(view, actions, { className: 'phone-button p-toggle', role: 'switch' }),
  [DrawnKind.text]: () => {
    const element = h('p', { class: 'p-text' });
    return { element, host: null, update(view) { mark(element, view); setText(element, view); } };
  },
  [DrawnKind.label]: () => {
    const element = h('p', { class: 'p-label' });
    return { element, host: null, update(view) { mark(element, view); setText(element, view); } };
  },
  [DrawnKind.spacer]: () => {
    const element = h('div', { class: 'p-spacer', 'aria-hidden': 'true' });
    return { element, host: null, update(view) { mark(element, view); } };
  },
  [DrawnKind.divider]: () => {
    const element = h('hr', { class: 'p-divider' });
    return { element, host: null, update(view) { mark(element, view); } };
  },
  // A view the playground does not model: a box that says so, holding what it wraps (a
  // GroupBox's fields still work).
  [DrawnKind.placeholder]: () => {
    const name = h('strong', { class: 'p-placeholder-name' });
    const host = h('div', { class: 'p-placeholder-body' });
    const element = h('div', { class: 'p-placeholder', role: 'group' },
      h('p', { class: 'p-placeholder-note' }, name, ' is not modelled in this playground'), host);
    return {
      element, host,
      update(view) {
        mark(element, view);
        const title = view.title || view.kind;
        name.textContent = title;
        element.setAttribute('aria-label', `${title}, not modelled`);
        host.hidden = !(view.content ?? []).length;
      },
    };
  },
};
