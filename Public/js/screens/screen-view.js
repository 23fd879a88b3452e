// One screen of the phone, drawn from its schema declaration and kept in step with its screen
// state. Inputs are created once and updated in place, so the caret and DOM focus survive renders.

import { h, domId, arrange } from '../dom.js';
import { rowKey, parseKey, rowFieldLabel, rowNoun } from '../keys.js';
import { notesFragment } from '../notes.js';

const INPUT_TYPES = { text: 'text', secure: 'password', email: 'email', phone: 'tel' };
const ENTER_HINTS = { next: 'next', done: 'done', go: 'go', send: 'send', return: 'enter' };
/** Autofill purposes (WCAG 1.3.5) for the fields that have one. */
const AUTOCOMPLETE = { firstName: 'given-name', lastName: 'family-name', name: 'name', address: 'address-line1', phone: 'tel', row: 'email' };

/**
 * `intents` is `{ edit(screen, key, value), submit(screen), act(screen, fields) }`;
 * focus and blur are watched by the page as a whole (see focus-follower.js).
 */
export class ScreenView {
  /** Field id (or `case/rowId` for row fields, as `focusedField` names them) → field record. */
  #fields = new Map();
  /** rowId → row record, per list. */
  #rows = new Map();
  #state = null;

  constructor({ id, declaration, module, intents }) {
    this.id = id;
    this.declaration = declaration;
    this.module = module;
    this.intents = intents;
    const titleId = domId('screen-title', id);
    this.status = h('p', { class: 'screen-status', role: 'status' });
    this.element = h('section', { class: 'screen', dataset: { screen: id }, hidden: true, 'aria-labelledby': titleId },
      h('h2', { id: titleId, class: 'screen-title', text: declaration.title }),
      h('p', { class: 'screen-hint', text: module.hint }),
      declaration.fields.length ? h('div', { class: 'group' }, declaration.fields.map((field) => this.#simpleField(field).wrapper)) : null,
      declaration.lists.map((list) => this.#listSection(list)),
      module.actions.map((action) => h('button', {
        type: 'button', class: 'phone-button phone-button-primary', text: action.label,
        onclick: () => intents.act(id, action.intent),
      })),
      this.status);
    this.element.addEventListener('input', (event) => {
      const record = this.#recordOf(event.target);
      if (record) intents.edit(id, record.valueKey, event.target.value);
    });
    this.element.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || event.isComposing || event.shiftKey || event.altKey) return;
      const record = this.#recordOf(event.target);
      if (!record || record.kind === 'editor') return;
      event.preventDefault();
      intents.submit(id);
    });
  }

  /** The input of `fieldId` (a `focusedField`: a field id or a row key), if it is on screen. */
  inputFor(fieldId) {
    return fieldId ? this.#fields.get(fieldId)?.input ?? null : null;
  }

  /** Whether `element` is one of this screen's inputs. */
  isField(element) {
    return Boolean(element && this.#recordOf(element));
  }

  /** The focus key a tap on `input` asks for: its binding for simple fields, its own key for rows. */
  focusKeyOf(input) {
    const record = this.#recordOf(input);
    if (!record) return null;
    if (record.row) return record.valueKey;
    return this.#state?.bindings?.find((binding) => binding.field === record.fieldId)?.key ?? record.valueKey;
  }

  /** The field record (label, kind, submitLabel, input) of a `focusedField`. */
  fieldFor(fieldId) {
    return this.#fields.get(fieldId) ?? null;
  }

  /**
   * Brings the screen in line with `state`. `context`: `owner` (who moved focus here: `{name,
   * color, isYou}` or null) and `hasPendingEdit(key)` (values being typed here are left alone).
   */
  render(state, context) {
    this.#state = state;
    for (const field of this.declaration.fields) this.#renderField(this.#fields.get(field.id), state, context);
    for (const list of this.declaration.lists) this.#renderList(list, state, context);
    this.status.textContent = this.module.status?.(state) ?? '';
  }

  #recordOf(element) {
    const fieldId = element?.dataset?.field;
    const record = fieldId ? this.#fields.get(fieldId) : null;
    return record && record.input === element ? record : null;
  }

  #simpleField(field) {
    return this.#field({ fieldId: field.id, valueKey: field.key, label: field.label, kind: field.kind, submitLabel: field.submitLabel });
  }

  /** `fieldId`: how `focusedField` names it; `valueKey`: the key its text, errors and edits are filed under. */
  #field({ fieldId, valueKey, label, kind, submitLabel, row = null, hideLabel = false }) {
    const id = domId('field', this.id, fieldId);
    const input = kind === 'editor'
      ? h('textarea', { id, rows: 4 })
      : h('input', { id, type: INPUT_TYPES[kind] ?? 'text' });
    Object.assign(input, { autocomplete: AUTOCOMPLETE[parseKey(fieldId).kase] ?? 'off', spellcheck: false, className: 'field-input' });
    input.setAttribute('enterkeyhint', ENTER_HINTS[submitLabel] ?? 'enter');
    input.dataset.field = fieldId;
    // Rows with several inputs (a reminder's title and notes) are named, not captioned, as in Reminders.
    const labelElement = hideLabel ? null : h('label', { for: id, class: 'field-label', text: label });
    const setLabel = (text) => {
      if (labelElement) labelElement.textContent = text;
      else input.setAttribute('aria-label', text);
    };
    setLabel(label);
    const error = h('p', { id: `${id}-error`, class: 'field-error', hidden: true });
    const tag = h('span', { class: 'owner-tag', 'aria-hidden': 'true', hidden: true });
    const wrapper = h('div', { class: `field field-${kind}`, dataset: { field: fieldId } }, labelElement, input, tag, error);
    const record = { fieldId, valueKey, label, setLabel, kind, submitLabel, row, input, error, tag, wrapper };
    this.#fields.set(fieldId, record);
    return record;
  }

  #renderField(record, state, context) {
    const { input, error, tag, wrapper, valueKey, fieldId } = record;
    if (!context.hasPendingEdit(valueKey)) setValueKeepingCaret(input, state.values?.[valueKey] ?? '');

    const message = state.errors?.[valueKey] ?? '';
    error.textContent = message;
    error.hidden = !message;
    if (message) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', error.id);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }

    const focused = state.focusedField === fieldId;
    wrapper.classList.toggle('session-focus', focused);
    const owner = focused ? context.owner : null;
    wrapper.style.setProperty('--owner-color', owner?.color ?? 'var(--accent)');
    tag.hidden = !owner || owner.isYou;
    tag.textContent = owner?.name ?? '';
  }

  #listSection(list) {
    const options = this.module.lists[list.id] ?? {};
    const container = h('ul', { class: `rows rows-${list.id}`, dataset: { list: list.id } });
    this.#rows.set(list.id, { container, byId: new Map() });
    const headingId = domId('list', this.id, list.id);
    return h('section', { class: 'list', 'aria-labelledby': options.heading ? headingId : null, 'aria-label': options.heading ? null : `${rowNoun(list)}s` },
      options.heading ? h('h3', { id: headingId, class: 'list-heading', text: options.heading }) : null,
      container,
      options.addLabel ? h('button', {
        type: 'button', class: 'phone-button', text: options.addLabel, dataset: { addRow: list.id },
        onclick: () => this.intents.act(this.id, { action: 'addRow', list: list.id }),
      }) : null);
  }

  #renderList(list, state, context) {
    const options = this.module.lists[list.id] ?? {};
    const { container, byId } = this.#rows.get(list.id);
    const ids = state.rows?.[list.id] ?? [];
    for (const [rowId, row] of byId) {
      if (ids.includes(rowId)) continue;
      for (const field of row.fields) this.#fields.delete(field.fieldId);
      byId.delete(rowId);
    }
    const focusedRow = state.focusedRow ?? parseKey(state.focusedField)?.row ?? null;
    const elements = ids.map((rowId, index) => {
      const row = byId.get(rowId) ?? this.#createRow(list, rowId, options);
      byId.set(rowId, row);
      this.#renderRow(list, row, index, rowId === focusedRow, state, context, options);
      return row.element;
    });
    arrange(container, elements);
  }

  #createRow(list, rowId, options) {
    const fields = list.fields.map((field) => this.#field({
      fieldId: rowKey(field.case, rowId), valueKey: rowKey(field.case, rowId), label: field.label,
      kind: field.kind, submitLabel: field.submitLabel, row: rowId, hideLabel: list.fields.length > 1,
    }));
    const extras = (options.extras ?? []).map((extra) => h('button', {
      type: 'button', class: 'chip-button', text: extra.label,
      onclick: () => this.#appendToNotes(rowId, extra.text),
    }));
    const extrasBar = extras.length ? h('div', { class: 'row-extras' }, extras) : null;
    const preview = options.preview ? h('div', { class: 'notes-preview', dataset: { previewFor: rowId } }) : null;
    const remove = options.removable ? h('button', {
      type: 'button', class: 'row-delete', text: 'Delete',
      onclick: () => this.intents.act(this.id, { action: 'removeRow', list: list.id, row: rowId }),
    }) : null;
    const element = h('li', { class: 'row', dataset: { row: rowId } },
      h('div', { class: 'row-body' }, fields.map((field) => field.wrapper), preview, extrasBar),
      remove);
    return { element, fields, extrasBar, preview, remove, previewHTML: null };
  }

  #renderRow(list, row, index, active, state, context, options) {
    row.element.classList.toggle('row-active', active);
    for (const field of row.fields) {
      const declaration = list.fields.find((candidate) => rowKey(candidate.case, field.row) === field.fieldId);
      field.label = rowFieldLabel(list, declaration, index);
      field.setLabel(field.label);
      field.wrapper.hidden = !active && (options.revealedCases ?? []).includes(declaration.case);
      this.#renderField(field, state, context);
    }
    if (row.extrasBar) row.extrasBar.hidden = !active;
    if (row.remove) row.remove.setAttribute('aria-label', `Delete ${rowNoun(list).toLowerCase()} ${index + 1}`);
    if (row.preview) {
      const html = state.notesHTML?.[row.fields[0].row] ?? '';
      if (html !== row.previewHTML) {
        row.preview.replaceChildren(notesFragment(html));
        row.previewHTML = html;
      }
      row.preview.hidden = active || !row.preview.textContent.trim();
    }
  }

  /** Add Date / Add Location: append to the row's notes, as typing would. */
  #appendToNotes(rowId, text) {
    const notes = this.#fields.get(rowKey('notes', rowId));
    if (!notes) return;
    notes.input.value = notes.input.value ? `${notes.input.value} ${text}` : text;
    this.intents.edit(this.id, notes.valueKey, notes.input.value);
  }
}

/** Replaces an input's text without moving its caret further than the new text allows. */
function setValueKeepingCaret(input, value) {
  if (input.value === value) return;
  if (document.activeElement !== input || input.selectionStart === null) {
    input.value = value;
    return;
  }
  const { selectionStart, selectionEnd } = input;
  input.value = value;
  input.setSelectionRange(Math.min(selectionStart, value.length), Math.min(selectionEnd, value.length));
}
