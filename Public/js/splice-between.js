// The one splice between two versions of a text: what a field or the source editor sends when
// its whole value changed under the caret (the same rules as FocusCore's `TextSplice(from:to:caret:)`).

import { isLeadSurrogate, isTrailSurrogate } from './text-units.js';

/**
 * The one splice turning `old` into `next`, keeping their common start and end (never splitting a
 * surrogate pair). `caret`, the caret in `next` after the edit, puts a repeated letter where it
 * was typed when the text after the caret is the end of `old` too (Swift: `TextSplice(from:to:caret:)`).
 */
export function spliceBetween(old, next, caret = null) {
  let prefix;
  let suffix;
  const kept = caret === null ? null : suffixEndingAt(caret, next, old);
  if (kept !== null) {
    suffix = kept;
    prefix = commonPrefix(old, next, Math.min(old.length - suffix, caret));
  } else {
    prefix = commonPrefix(old, next, Math.min(old.length, next.length));
    suffix = Math.min(old.length, next.length) - prefix;
    for (let offset = 0; offset < suffix; offset += 1) {
      if (old.charCodeAt(old.length - 1 - offset) !== next.charCodeAt(next.length - 1 - offset)) {
        suffix = offset;
        break;
      }
    }
    if (suffix > 0 && isTrailSurrogate(old.charCodeAt(old.length - suffix))) suffix -= 1;
  }
  return { at: prefix, delete: old.length - prefix - suffix, insert: next.slice(prefix, next.length - suffix) };
}

/** How many units `old` and `next` share at the start, at most `limit`, ending on a boundary. */
function commonPrefix(old, next, limit) {
  let prefix = 0;
  while (prefix < limit && old.charCodeAt(prefix) === next.charCodeAt(prefix)) prefix += 1;
  if (prefix > 0 && isLeadSurrogate(old.charCodeAt(prefix - 1))) prefix -= 1;
  return prefix;
}

/** The length of `next` after `caret`, if `caret` is a boundary there and that is how `old` ends too. */
function suffixEndingAt(caret, next, old) {
  if (!(Number.isInteger(caret) && caret >= 0 && caret <= next.length && next.length - caret <= old.length)) return null;
  if (caret < next.length && isTrailSurrogate(next.charCodeAt(caret))) return null;
  const length = next.length - caret;
  return next.slice(caret) === old.slice(old.length - length) ? length : null;
}
