// One screen of the phone, drawn from its schema declaration and kept in step with its screen
// state. Inputs are created once and updated in place, so the caret and DOM focus survive renders.

import { h, domId, arrange } from '../dom.js';
import { rowKey } from '../keys.js';
import { notesFragment } from '../notes.js';
import { shownIn, typeInto } from '../text-editing.js';

// An email field is a text input with the email keyboard: `type=email` has no caret the page can
// read or keep (selectionStart is null), and merging others' typing needs one.
const INPUT_TYPES = { text: 'text', secure: 'password', email: 'text', phone: 'tel' };
const INPUT_MODES = { email: 'email' };
const ENTER_HINTS = { next: 'next', done: 'done', go: 'go', send: 'send', return: 'enter' };

/**
 * `intents` is `{ submit(screen), act(screen, fields) }`; focus and blur are watched by the page
 * as a whole (see focus-follower.js), and so is typing (text-editing.js).
 */
export class ScreenView {
  /** Field id (or `case/rowId` for row fields, as `focusedField` names them) → field record. */
  #fields = new Map();
  /** rowId → row record, per list. */
  #rows = new Map();
  #state = null;
  /** Whether nothing here may change the session (see render). */
  locked = false;

  constructor({ id, declaration, module, intents }) {
    this.id = id;
    this.declaration = declaration;
    this.module = module;
    this.intents = intents;
    const titleId = domId('screen-title', id);
    this.status = h('p', { class: 'screen-status', role: 'status' });
    const button = declaration.validateButton;
    this.element = h('section', { class: 'screen', dataset: { screen: id }, hidden: true, 'aria-labelledby': titleId },
      h('h2', { id: titleId, class: 'screen-title', text: declaration.title }),
      h('p', { class: 'screen-hint', text: module.hint }),
      declaration.fields.length ? h('div', { class: 'group' }, declaration.fields.map((field) => this.#simpleField(field).wrapper)) : null,
      declaration.lists.map((list) => this.#listSection(list)),
      button ? h('button', {
        type: 'button', class: 'phone-button phone-button-primary', text: button.label,
        onclick: () => intents.act(id, { action: 'validate' }),
      }) : null,
      this.status);
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

  /** The key the text of `input` is filed under, if it is one of this screen's inputs. */
  valueKeyOf(input) {
    return this.#recordOf(input)?.valueKey ?? null;
  }

  /** The input whose text is filed under `valueKey`, if it is on screen. */
  inputForValue(valueKey) {
    for (const record of this.#fields.values()) if (record.valueKey === valueKey) return record.input;
    return null;
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
   * color, isYou}` or null), `textOf(key, input)` (the text to draw, or null to leave the input
   * alone; remote changes are drawn as they come, so this only fills new inputs) and `locked`
   * (nothing here may change the session: a viewer, or the past on show).
   */
  render(state, context) {
    this.#state = state;
    this.#lock(Boolean(context.locked));
    for (const field of this.declaration.fields) this.#renderField(this.#fields.get(field.id), state, context);
    for (const list of this.declaration.lists) this.#renderList(list, state, context);
    const validMessage = this.declaration.validateButton?.validMessage;
    this.status.textContent = state.validation === 'valid' && validMessage ? validMessage : '';
  }

  /** Locked, the inputs are read-only and the buttons say they do nothing (the page sends nothing either). */
  #lock(locked) {
    if (this.locked === locked) return;
    this.locked = locked;
    for (const { input } of this.#fields.values()) input.readOnly = locked;
    for (const button of this.element.querySelectorAll('button')) button.setAttribute('aria-disabled', String(locked));
  }

  #recordOf(element) {
    const fieldId = element?.dataset?.field;
    const record = fieldId ? this.#fields.get(fieldId) : null;
    return record && record.input === element ? record : null;
  }

  #simpleField(field) {
    return this.#field({ fieldId: field.id, valueKey: field.key, declaration: field });
  }

  /** `fieldId`: how `focusedField` names it; `valueKey`: the key its text, errors and edits are filed under. */
  #field({ fieldId, valueKey, declaration, row = null, hideLabel = false, multiline = false }) {
    const { label, kind, submitLabel } = declaration;
    const id = domId('field', this.id, fieldId);
    // A multi-line text whose Return still submits (a list's Markdown notes) grows with its lines.
    const input = kind === 'editor' ? h('textarea', { id, rows: 4 })
      : multiline ? h('textarea', { id, rows: 1, class: 'field-grows' })
        : h('input', { id, type: INPUT_TYPES[kind] ?? 'text' });
    Object.assign(input, { autocomplete: declaration.autocomplete ?? 'off', spellcheck: false });
    input.classList.add('field-input');
    if (INPUT_MODES[kind]) input.inputMode = INPUT_MODES[kind];
    if (declaration.placeholder) input.placeholder = declaration.placeholder;
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
    const record = { fieldId, valueKey, label, setLabel, kind, submitLabel, row, input, error, tag, wrapper, declaration };
    this.#fields.set(fieldId, record);
    return record;
  }

  #renderField(record, state, context) {
    const { input, error, tag, wrapper, valueKey, fieldId } = record;
    const text = context.textOf(valueKey, input);
    if (text !== null) setValueKeepingCaret(input, text);

    const message = state.errors?.[valueKey] ?? '';
    // An error found before the field's last change may no longer hold: shown, but as stale.
    const stale = Boolean(message) && (state.staleErrors ?? []).includes(valueKey);
    error.textContent = stale ? `${message} (checked before the last change)` : message;
    error.hidden = !message;
    error.classList.toggle('field-error-stale', stale);
    if (message && !stale) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    if (message) input.setAttribute('aria-describedby', error.id);
    else input.removeAttribute('aria-describedby');

    const focused = (state.focusedField ?? null) === fieldId;
    wrapper.classList.toggle('session-focus', focused);
    const owner = focused ? context.owner : null;
    wrapper.style.setProperty('--owner-color', owner?.color ?? 'var(--accent)');
    tag.hidden = !owner || owner.isYou;
    tag.textContent = owner?.name ?? '';
  }

  #listSection(list) {
    const container = h('ul', { class: `rows rows-${list.id}`, dataset: { list: list.id } });
    this.#rows.set(list.id, { container, byId: new Map() });
    const headingId = domId('list', this.id, list.id);
    return h('section', { class: 'list', 'aria-labelledby': list.heading ? headingId : null, 'aria-label': list.heading ? null : `${list.rowNoun}s` },
      list.heading ? h('h3', { id: headingId, class: 'list-heading', text: list.heading }) : null,
      container,
      list.addButton ? h('button', {
        type: 'button', class: 'phone-button', text: list.addButton, dataset: { addRow: list.id },
        onclick: () => this.intents.act(this.id, { action: 'addRow', list: list.id }),
      }) : null);
  }

  #renderList(list, state, context) {
    const { container, byId } = this.#rows.get(list.id);
    const ids = state.rows?.[list.id] ?? [];
    for (const [rowId, row] of byId) {
      if (ids.includes(rowId)) continue;
      for (const field of row.fields) this.#fields.delete(field.fieldId);
      byId.delete(rowId);
    }
    const focusedRow = state.focusedRow ?? null;
    const elements = ids.map((rowId, index) => {
      const row = byId.get(rowId) ?? this.#createRow(list, rowId);
      byId.set(rowId, row);
      this.#renderRow(list, row, index, rowId === focusedRow, state, context);
      return row.element;
    });
    arrange(container, elements);
  }

  #createRow(list, rowId) {
    const fields = list.fields.map((field) => this.#field({
      fieldId: rowKey(field.case, rowId), valueKey: rowKey(field.case, rowId), declaration: field,
      row: rowId, hideLabel: list.fields.length > 1, multiline: field.case === list.markdownPreview,
    }));
    const actions = list.rowActions.map((action) => h('button', {
      type: 'button', class: 'chip-button', text: action.label,
      onclick: () => this.#append(rowKey(action.target, rowId), action.appends),
    }));
    const actionBar = actions.length ? h('div', { class: 'row-extras' }, actions) : null;
    const preview = list.markdownPreview ? h('div', { class: 'notes-preview', dataset: { previewFor: rowId } }) : null;
    const remove = list.removable ? h('button', {
      type: 'button', class: 'row-delete', text: 'Delete',
      onclick: () => this.intents.act(this.id, { action: 'removeRow', list: list.id, row: rowId }),
    }) : null;
    const element = h('li', { class: 'row', dataset: { row: rowId } },
      h('div', { class: 'row-body' }, fields.map((field) => field.wrapper), preview, actionBar),
      remove);
    for (const field of fields) field.input.readOnly = this.locked;
    for (const button of element.querySelectorAll('button')) button.setAttribute('aria-disabled', String(this.locked));
    return { element, fields, actionBar, preview, remove, previewHTML: null, rowId };
  }

  #renderRow(list, row, index, active, state, context) {
    row.element.classList.toggle('row-active', active);
    for (const field of row.fields) {
      field.label = state.byFocus?.[field.fieldId]?.label ?? field.declaration.label;
      field.setLabel(field.label);
      field.wrapper.hidden = !active && field.declaration.onlyWhileRowFocused;
      this.#renderField(field, state, context);
    }
    if (row.actionBar) row.actionBar.hidden = !active;
    if (row.remove) row.remove.setAttribute('aria-label', `Delete ${list.rowNoun.toLowerCase()} ${index + 1}`);
    if (row.preview) {
      const html = state.notesHTML?.[row.rowId] ?? '';
      if (html !== row.previewHTML) {
        row.preview.replaceChildren(notesFragment(html));
        row.previewHTML = html;
      }
      row.preview.hidden = active || !row.preview.textContent.trim();
    }
  }

  /** A row action (Add Date, Add Location): append to a field of the row, as typing would. */
  #append(fieldId, text) {
    const input = this.#fields.get(fieldId)?.input;
    if (!input || input.readOnly) return;
    const end = input.value.length;
    typeInto(input, input.value ? ` ${text}` : text, end, end);
  }
}

/** Replaces an input's text without moving its caret further than the new text allows. */
export function setValueKeepingCaret(input, value) {
  // Already shown, as far as the input can hold it (an `<input>` drops line breaks).
  if (input.value === shownIn(input, value)) return;
  if (document.activeElement !== input || input.selectionStart === null) {
    input.value = value;
    return;
  }
  const { selectionStart, selectionEnd } = input;
  input.value = value;
  input.setSelectionRange(Math.min(selectionStart, value.length), Math.min(selectionEnd, value.length));
}
