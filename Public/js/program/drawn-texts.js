// The texts of a session's fields, as the server draws them: the `value` of every text input of
// the drawn screen (its content and toolbars), by its control key. Their changes travel as the
// `edit` events of updates.

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
