// Focus keys (`address`, `row/6F1C…`, `title/6F1C…`) and the labels the server gives them.

/** `{kase, row}` for a key string; `row` is null for simple cases. */
export function parseKey(key) {
  if (key === null || key === undefined) return null;
  const slash = key.indexOf('/');
  return slash < 0 ? { kase: key, row: null } : { kase: key.slice(0, slash), row: key.slice(slash + 1) };
}

export function rowKey(kase, row) {
  return `${kase}/${row}`;
}

/** The case name alone (`row/6F1C…` → `row`), `nil` for no focus. */
export function keyCase(key) {
  return parseKey(key)?.kase ?? 'nil';
}

/**
 * The label people see for a key on a screen (`Address`, `Email 2`, `Reminder 3 notes`), as the
 * server names it in `byFocus`; a field of a row the list no longer holds reads as the list's
 * `rowLabels` name it (`Email`, `Reminder notes`). A field id reads as its field's label.
 */
export function keyLabel(schema, screenState, screen, key) {
  const parsed = parseKey(key);
  if (!parsed) return 'nothing';
  const label = screenState?.byFocus?.[key]?.label;
  if (label) return label;
  const declaration = schema?.[screen];
  if (!parsed.row) return declaration?.fields.find((field) => field.id === key)?.label ?? key;
  for (const list of declaration?.lists ?? []) {
    const rowLabel = list.rowLabels?.[parsed.kase];
    if (rowLabel) return rowLabel;
  }
  return key;
}
