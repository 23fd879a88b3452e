// Focus keys (`address`, `row/6F1C…`, `title/6F1C…`) and how people read them.

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

/** The key as Swift prints it: `.row(id: 6F1C…)` (the id in full with `full`), `.address`, `nil`. */
export function swiftKey(key, { full = false } = {}) {
  const parsed = parseKey(key);
  if (!parsed) return 'nil';
  if (!parsed.row) return `.${parsed.kase}`;
  return `.${parsed.kase}(id: ${full ? parsed.row : `${parsed.row.slice(0, 4)}…`})`;
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
  return `${rowNoun(list)}${position} ${field.label.toLowerCase()}`;
}

/** What one row of a list is called. */
export function rowNoun(list) {
  return list.id === 'tasks' ? 'Reminder' : list.fields[0]?.label ?? 'Row';
}
