// The texts of a program session's fields, as the server draws them: every text input of the
// drawn screen (its content and toolbars) by its control key. A program session keeps no
// `values`; its fields' texts are the drawn views' `value`s, and their changes travel as `edit`
// events like any field's.

import { DrawnKind } from '../protocol.js';

const TEXT_KINDS = new Set([DrawnKind.textField, DrawnKind.secureField, DrawnKind.textEditor]);

/** Whether a drawn view is a text input (a field whose text the page edits). */
export function isTextInput(view) {
  return TEXT_KINDS.has(view.kind) && typeof view.key === 'string';
}

/** Every text input of `drawn` (a DrawnScreen), in draw order: `[{key, text}]`. */
export function drawnTexts(drawn) {
  const texts = [];
  const visit = (views = []) => {
    for (const view of views) {
      if (isTextInput(view)) texts.push({ key: view.key, text: view.value ?? '' });
      visit(view.content);
    }
  };
  visit(drawn?.content);
  visit(drawn?.keyboardToolbar);
  visit(drawn?.toolbar);
  return texts;
}

/** Every drawn view of `drawn` with a control key: key → view (the first drawn, as the server reads it). */
export function drawnControls(drawn) {
  const controls = new Map();
  const visit = (views = []) => {
    for (const view of views) {
      if (typeof view.key === 'string' && !controls.has(view.key)) controls.set(view.key, view);
      visit(view.content);
    }
  };
  visit(drawn?.content);
  visit(drawn?.keyboardToolbar);
  visit(drawn?.toolbar);
  return controls;
}
