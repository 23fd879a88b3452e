// What the source editor paints over its text, worked out from the text and the server's syntax
// colours (`program.highlights`, UTF-16 ranges): the colours carried onto a text edited since they
// were sent, each line cut into coloured pieces, and the partner of a bracket at the caret. Nothing
// here reads Swift: a bracket inside a string or a comment is known as one by the server's colours.

import { HighlightKind, HighlightKinds } from '../protocol.js';
import { spliceBetween } from '../splice-between.js';

/** The colours whose brackets are words, not code: a bracket inside one is no one's partner. */
const QUOTED = new Set([HighlightKind.string, HighlightKind.comment]);
const OPENERS = '([{';
const CLOSERS = ')]}';

/**
 * The server's colours of `text` (`numbers`: three per stretch, its gap after the stretch before,
 * its length and its kind's place in `HighlightKinds`) as `{at, length, kind}` stretches that can
 * be drawn: of a kind the page knows, inside the text, in order. Reading stops at the first
 * stretch that is not.
 */
export function drawableHighlights(text, numbers) {
  const stretches = [];
  let end = 0;
  for (let index = 0; index + 2 < numbers.length; index += 3) {
    const [gap, length, number] = [numbers[index], numbers[index + 1], numbers[index + 2]];
    const kind = HighlightKinds[number];
    if (!Number.isInteger(gap) || !Number.isInteger(length) || gap < 0 || length <= 0 || kind === undefined) break;
    const at = end + gap;
    if (at + length > text.length) break;
    stretches.push({ at, length, kind });
    end = at + length;
  }
  return stretches;
}

/**
 * The colours of `from` carried onto `to`, the same text edited since: the characters before and
 * after the change keep theirs; a colour the change cut into is left out until the server sends
 * the new text's.
 */
export function movedHighlights(highlights, from, to) {
  if (from === to) return highlights;
  const { at, delete: removed, insert } = spliceBetween(from, to);
  const shift = insert.length - removed;
  const moved = [];
  for (const highlight of highlights) {
    if (highlight.at + highlight.length <= at) moved.push(highlight);
    else if (highlight.at >= at + removed) moved.push({ ...highlight, at: highlight.at + shift });
  }
  return moved;
}

/**
 * `text`'s lines, each as `{text, pieces}`: `pieces` are `{text, classes}` in order, `classes` the
 * names of every range over that piece (`ranges`: `{at, length, name}`, which may overlap: a
 * syntax colour, a bracket's mark, a match found). A line's pieces hold its text whole. A range
 * `{at, mark}` marks a place between characters (another person's caret): an empty piece
 * `{text: '', classes: [], mark}` there, in the line that place ends or starts (a place just
 * before a line break ends its line).
 */
export function paintedLines(text, ranges) {
  const points = [];
  for (const { at, length, name, mark } of ranges) {
    if (mark !== undefined) points.push({ at, step: 0, mark });
    else if (length > 0) points.push({ at, step: 1, name }, { at: at + length, step: -1, name });
  }
  points.sort((one, other) => one.at - other.at || one.step - other.step);
  const active = new Map();
  let next = 0;
  let start = 0;
  return text.split('\n').map((line) => {
    const end = start + line.length;
    const pieces = [];
    let cursor = start;
    const cut = (to) => {
      if (to <= cursor) return;
      const classes = [...active.keys()].sort();
      pieces.push({ text: text.slice(cursor, to), classes });
      cursor = to;
    };
    while (next < points.length && points[next].at <= end) {
      const { at, step, name, mark } = points[next];
      cut(Math.min(at, end));
      next += 1;
      if (mark !== undefined) {
        pieces.push({ text: '', classes: [], mark });
        continue;
      }
      const count = (active.get(name) ?? 0) + step;
      if (count > 0) active.set(name, count);
      else active.delete(name);
    }
    cut(end);
    start = end + 1;
    return { text: line, pieces };
  });
}

/**
 * The bracket next to `caret` in `text` and its partner: `{at, partner}` (`partner` null when it
 * has none), or null when no bracket of the code is there. The bracket just before the caret is
 * taken first, then the one just after it. Brackets inside strings and comments (`highlights`, of
 * `text`, in order) are skipped.
 */
export function matchingBrackets(text, caret, highlights) {
  const quoted = highlights.filter(({ kind }) => QUOTED.has(kind));
  const inQuoted = (offset) => {
    let low = 0;
    let high = quoted.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const { at, length } = quoted[middle];
      if (offset < at) high = middle - 1;
      else if (offset >= at + length) low = middle + 1;
      else return true;
    }
    return false;
  };
  for (const at of [caret - 1, caret]) {
    if (at < 0 || at >= text.length || inQuoted(at)) continue;
    const opener = OPENERS.indexOf(text[at]);
    const closer = CLOSERS.indexOf(text[at]);
    if (opener >= 0) return { at, partner: partnerOf(text, at, 1, OPENERS[opener], CLOSERS[opener], inQuoted) };
    if (closer >= 0) return { at, partner: partnerOf(text, at, -1, CLOSERS[closer], OPENERS[closer], inQuoted) };
  }
  return null;
}

/** The offset of the bracket `other` that closes (or opens) the `own` at `at`, walking `direction`; null if none does. */
function partnerOf(text, at, direction, own, other, inQuoted) {
  let depth = 0;
  for (let offset = at; offset >= 0 && offset < text.length; offset += direction) {
    const character = text[offset];
    if ((character !== own && character !== other) || inQuoted(offset)) continue;
    depth += character === own ? 1 : -1;
    if (depth === 0) return offset;
  }
  return null;
}
