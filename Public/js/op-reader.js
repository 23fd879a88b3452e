// The ops of a text operation (text-ot.js) as TextOperation walks them: a positive number keeps
// that many code units, a negative number deletes them, a string inserts it.

/** Reads ops one at a time, able to take part of one. */
export class OpReader {
  constructor(ops) {
    this.ops = ops;
    this.index = 0;
    this.current = ops[0];
  }

  advance() {
    this.index += 1;
    this.current = this.ops[this.index];
  }

  /** Takes `count` units of the current retain or delete. */
  take(count) {
    const op = this.current;
    if (isRetain(op) && op > count) this.current = op - count;
    else if (isDelete(op) && -op > count) this.current = op + count;
    else this.advance();
  }

  /** Takes and returns the first `count` code units of the current insert. */
  takeInserted(count) {
    const text = this.current;
    if (count >= text.length) {
      this.advance();
      return text;
    }
    this.current = text.slice(count);
    return text.slice(0, count);
  }
}

export function isRetain(op) { return typeof op === 'number' && op > 0; }
export function isDelete(op) { return typeof op === 'number' && op < 0; }
export function isInsert(op) { return typeof op === 'string'; }
