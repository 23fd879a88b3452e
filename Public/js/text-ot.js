// Operational transformation of plain text: the same rules, step by step, as the server's Swift
// (Sources/FocusCore/Text), so a page and the server transform every pair of edits alike.
// Offsets count UTF-16 code units, which is what JavaScript strings and selectionStart count.
// See docs/TEXT-MERGING.md for the rules and worked examples.
//
// An operation is ot.js-style: `ops` walks the whole text, a positive number keeping that many
// code units, a negative number deleting them, a string inserting it. A splice is
// `{at, delete, insert}`: retain(at) insert(insert) delete(delete) retain(the rest).

import { KEEP, DELETE, shortestEditScript } from './edit-script.js';
import { codePoints, fromCodePoints, utf16Length, isTrailSurrogate } from './text-units.js';
import { OpReader, isRetain, isDelete, isInsert } from './op-reader.js';

/** The first operand's insert goes first when two inserts meet at one offset. */
export const A_FIRST = 'aFirst';
/** The second operand's insert goes first. */
export const B_FIRST = 'bFirst';

/** Text inserted exactly at an index goes after the index. */
export const BEFORE = 'before';
/** The index moves past text inserted exactly at it. */
export const AFTER = 'after';

/** The most scalars `TextOperation.difference` inserts and deletes exactly. */
export const DIFFERENCE_EDIT_LIMIT = 500;

/**
 * The tie-break for transforming an operation of `member`, not yet applied, against one of
 * `appliedBy` the server applied earlier: the smaller member id (by UTF-8 bytes, which is code
 * point order) goes first; with equal ids, the one applied earlier.
 */
export function tieBreak(member, appliedBy) {
  const a = codePoints(member);
  const b = codePoints(appliedBy);
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    if (a[index] !== b[index]) return a[index] < b[index] ? A_FIRST : B_FIRST;
  }
  return a.length < b.length ? A_FIRST : B_FIRST;
}

/** Whether a splice may start or end at `offset` of `text`: in range, not inside a surrogate pair. */
export function isBoundary(text, offset) {
  if (!Number.isInteger(offset) || offset < 0 || offset > text.length) return false;
  return offset === 0 || offset === text.length || !isTrailSurrogate(text.charCodeAt(offset));
}

/** `text` after `splice`. */
export function applySplice(text, splice) {
  return text.slice(0, splice.at) + splice.insert + text.slice(splice.at + splice.delete);
}

export class TextOperation {
  constructor() {
    /** Canonical: no empty ops, no two of a kind in a row, an insert before a delete at one offset. */
    this.ops = [];
    this.baseLength = 0;
    this.targetLength = 0;
  }

  /** The operation that keeps a text of `length` code units as it is. */
  static identity(length) {
    return new TextOperation().retain(length);
  }

  /** The operation of one splice on a text of `length` code units. */
  static fromSplice(splice, length) {
    if (!(splice.at >= 0 && splice.delete >= 0 && splice.at + splice.delete <= length)) {
      throw new RangeError(`The splice at ${splice.at} deleting ${splice.delete} does not fit a text of ${length} code units.`);
    }
    return new TextOperation().retain(splice.at).insert(splice.insert).delete(splice.delete)
      .retain(length - splice.at - splice.delete);
  }

  /** The operation of `splices` applied one after another, starting from a text of `length` code units. */
  static fromSplices(splices, length) {
    let operation = TextOperation.identity(length);
    for (const splice of splices) operation = operation.compose(TextOperation.fromSplice(splice, operation.targetLength));
    return operation;
  }

  retain(count) {
    if (count === 0) return this;
    this.baseLength += count;
    this.targetLength += count;
    const last = this.ops.length - 1;
    if (isRetain(this.ops[last])) this.ops[last] += count;
    else this.ops.push(count);
    return this;
  }

  insert(text) {
    if (text === '') return this;
    this.targetLength += text.length;
    const last = this.ops.length - 1;
    if (isInsert(this.ops[last])) {
      this.ops[last] += text;
    } else if (isDelete(this.ops[last])) {
      if (isInsert(this.ops[last - 1])) {
        this.ops[last - 1] += text;
      } else {
        this.ops[last + 1] = this.ops[last];
        this.ops[last] = text;
      }
    } else {
      this.ops.push(text);
    }
    return this;
  }

  delete(count) {
    if (count === 0) return this;
    this.baseLength += count;
    const last = this.ops.length - 1;
    if (isDelete(this.ops[last])) this.ops[last] -= count;
    else this.ops.push(-count);
    return this;
  }

  isNoop() {
    return this.ops.every(isRetain);
  }

  /** `text` after the operation; `text` must be `baseLength` code units long. */
  apply(text) {
    if (text.length !== this.baseLength) throw new RangeError(`The operation applies to ${this.baseLength} code units, not ${text.length}.`);
    const parts = [];
    let index = 0;
    for (const op of this.ops) {
      if (isRetain(op)) {
        parts.push(text.slice(index, index + op));
        index += op;
      } else if (isInsert(op)) {
        parts.push(op);
      } else {
        index -= op;
      }
    }
    return parts.join('');
  }

  /** Whether the operation applies to `text`: the lengths agree and no edge splits a surrogate pair. */
  fits(text) {
    if (text.length !== this.baseLength) return false;
    let offset = 0;
    for (const op of this.ops) {
      if (isRetain(op)) {
        offset += op;
      } else if (isInsert(op)) {
        if (!isBoundary(text, offset)) return false;
      } else {
        if (!isBoundary(text, offset) || !isBoundary(text, offset - op)) return false;
        offset -= op;
      }
    }
    return true;
  }

  /** The operation undoing this one on the text it makes from `text` (Swift: `inverted(on:)`). */
  invert(text) {
    const inverse = new TextOperation();
    let offset = 0;
    for (const op of this.ops) {
      if (isRetain(op)) {
        inverse.retain(op);
        offset += op;
      } else if (isInsert(op)) {
        inverse.delete(op.length);
      } else {
        inverse.insert(text.slice(offset, offset - op));
        offset -= op;
      }
    }
    return inverse;
  }

  /** One operation doing this one and then `next` (Swift: `composed(with:)`). */
  compose(next) {
    if (this.targetLength !== next.baseLength) throw new RangeError('Composing needs the second operation to apply to the first one\'s result.');
    const result = new TextOperation();
    const first = new OpReader(this.ops);
    const second = new OpReader(next.ops);
    for (;;) {
      const a = first.current;
      const b = second.current;
      if (a === undefined && b === undefined) return result;
      if (isDelete(a)) {
        result.delete(-a);
        first.advance();
      } else if (isInsert(b)) {
        result.insert(b);
        second.advance();
      } else if (a === undefined || b === undefined) {
        throw new RangeError('Composed operations disagree on the length of the text between them.');
      } else if (isRetain(a) && isRetain(b)) {
        const count = Math.min(a, b);
        result.retain(count);
        first.take(count);
        second.take(count);
      } else if (isRetain(a)) {
        const count = Math.min(a, -b);
        result.delete(count);
        first.take(count);
        second.take(count);
      } else if (isRetain(b)) {
        const count = Math.min(a.length, b);
        result.insert(first.takeInserted(count));
        second.take(count);
      } else {
        const count = Math.min(a.length, -b);
        first.takeInserted(count);
        second.take(count);
      }
    }
  }

  /**
   * `[a′, b′]` for two operations made concurrently on one text: a′ applies after b, b′ after a,
   * and both orders make the same text (TP1). Two inserts at one offset are ordered by `tie`.
   */
  static transform(a, b, tie) {
    if (a.baseLength !== b.baseLength) throw new RangeError('Transformed operations must apply to one text.');
    const aPrime = new TextOperation();
    const bPrime = new TextOperation();
    const first = new OpReader(a.ops);
    const second = new OpReader(b.ops);
    for (;;) {
      const x = first.current;
      const y = second.current;
      if (x === undefined && y === undefined) return [aPrime, bPrime];
      if (isInsert(x) && (tie === A_FIRST || !isInsert(y))) {
        aPrime.insert(x);
        bPrime.retain(x.length);
        first.advance();
      } else if (isInsert(y)) {
        aPrime.retain(y.length);
        bPrime.insert(y);
        second.advance();
      } else if (x === undefined || y === undefined) {
        throw new RangeError('Transformed operations disagree on the length of the text they apply to.');
      } else if (isRetain(x) && isRetain(y)) {
        const count = Math.min(x, y);
        aPrime.retain(count);
        bPrime.retain(count);
        first.take(count);
        second.take(count);
      } else if (isDelete(x) && isDelete(y)) {
        const count = Math.min(-x, -y);
        first.take(count);
        second.take(count);
      } else if (isDelete(x)) {
        const count = Math.min(-x, y);
        aPrime.delete(count);
        first.take(count);
        second.take(count);
      } else {
        const count = Math.min(x, -y);
        bPrime.delete(count);
        first.take(count);
        second.take(count);
      }
    }
  }

  /** The fewest splices making this operation, in order, each at an offset in the text the ones before made. */
  splices() {
    const result = [];
    let offset = 0;
    let open = null;
    for (const op of this.ops) {
      if (isRetain(op)) {
        if (open) result.push(open);
        open = null;
        offset += op;
      } else {
        open ??= { at: offset, delete: 0, insert: '' };
        if (isInsert(op)) {
          open.insert += op;
          offset += op.length;
        } else {
          open.delete -= op;
        }
      }
    }
    if (open) result.push(open);
    return result;
  }

  /** Where `index` of the base text is in the target text; text inserted exactly at it goes as `bias` says. */
  transformIndex(index, bias) {
    let moved = index;
    let offset = 0;
    for (const op of this.ops) {
      if (offset > index) break;
      if (isRetain(op)) {
        offset += op;
      } else if (isInsert(op)) {
        if (offset < index || bias === AFTER) moved += op.length;
      } else {
        moved -= Math.min(-op, index - offset);
        offset -= op;
      }
    }
    return moved;
  }

  /**
   * An operation turning `old` into `next`, keeping as many characters in place as it can: the
   * common start and end, then Myers' shortest edit script between (by Unicode scalars); past
   * DIFFERENCE_EDIT_LIMIT edits, the changed middle is replaced whole.
   */
  static difference(old, next) {
    const before = codePoints(old);
    const after = codePoints(next);
    let prefix = 0;
    while (prefix < Math.min(before.length, after.length) && before[prefix] === after[prefix]) prefix += 1;
    let suffix = 0;
    while (suffix < Math.min(before.length, after.length) - prefix
      && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix += 1;
    const removed = before.slice(prefix, before.length - suffix);
    const added = after.slice(prefix, after.length - suffix);

    const operation = new TextOperation().retain(utf16Length(before.slice(0, prefix)));
    const steps = shortestEditScript(removed, added, DIFFERENCE_EDIT_LIMIT);
    if (steps) {
      let x = 0;
      let y = 0;
      let index = 0;
      while (index < steps.length) {
        const step = steps[index];
        let end = index;
        while (end < steps.length && steps[end] === step) end += 1;
        const run = end - index;
        if (step === KEEP) {
          operation.retain(utf16Length(removed.slice(x, x + run)));
          x += run;
          y += run;
        } else if (step === DELETE) {
          operation.delete(utf16Length(removed.slice(x, x + run)));
          x += run;
        } else {
          operation.insert(fromCodePoints(added.slice(y, y + run)));
          y += run;
        }
        index = end;
      }
    } else {
      operation.insert(fromCodePoints(added)).delete(utf16Length(removed));
    }
    return operation.retain(utf16Length(before.slice(before.length - suffix)));
  }
}

/**
 * `selection` ({start, end}) in the text `operation` makes: a caret moves past text inserted at it;
 * a selection keeps out text inserted at its edges and collapses when all of it is deleted.
 */
export function transformSelection(selection, operation) {
  if (selection.start === selection.end) {
    const caret = operation.transformIndex(selection.start, AFTER);
    return { start: caret, end: caret };
  }
  const start = operation.transformIndex(selection.start, AFTER);
  const end = operation.transformIndex(selection.end, BEFORE);
  return { start, end: Math.max(start, end) };
}
