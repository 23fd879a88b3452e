// Focus keys (`address`, `row/6F1C…`, `title/6F1C…`) and the labels people read for them.

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

/** The label people see for a key on a screen: `Address`, `Email 2`, `Reminder 3 notes`. */
export function keyLabel(schema, screenState, screen, key) {
  const parsed = parseKey(key);
  if (!parsed) return 'nothing';
  const declaration = schema?.[screen];
  if (!parsed.row) {
    const field = declaration?.fields.find((candidate) => candidate.id === key)
      ?? declaration?.fields.find((candidate) => candidate.key === key);
    return field?.label ?? key;
  }
  for (const list of declaration?.lists ?? []) {
    const field = list.fields.find((candidate) => candidate.case === parsed.kase);
    if (!field) continue;
    const index = (screenState?.rows?.[list.id] ?? []).indexOf(parsed.row);
    return rowFieldLabel(list, field, index);
  }
  return key;
}

/** `Email 2` for a list with one field per row; `Reminder 3 notes` when rows have several. */
export function rowFieldLabel(list, field, index) {
  const position = index >= 0 ? ` ${index + 1}` : '';
  if (list.fields.length === 1) return `${field.label}${position}`;
  return `${list.rowNoun}${position} ${field.label.toLowerCase()}`;
}
