// The shortest edit script between two texts (Myers' algorithm over code points), as steps of
// KEEP, DELETE and INSERT: what text-ot.js builds an operation from when a field's whole value
// changed (the same steps as FocusCore's Swift).

/** A step of an edit script: keep a code point of both, delete one of the first, insert one of the second. */
export const KEEP = 0;
export const DELETE = 1;
export const INSERT = 2;

/** Myers' shortest edit script from `a` to `b` (arrays of code points), or null past `limit` edits. */
export function shortestEditScript(a, b, limit) {
  const most = Math.min(a.length + b.length, limit);
  const middle = most + 1;
  const furthest = new Int32Array(2 * most + 3);
  const trace = [];
  for (let edits = 0; edits <= most; edits += 1) {
    trace.push(furthest.slice(middle - edits, middle + edits + 1));
    for (let diagonal = -edits; diagonal <= edits; diagonal += 2) {
      let x = fromAbove(diagonal, edits, furthest, middle)
        ? furthest[middle + diagonal + 1]
        : furthest[middle + diagonal - 1] + 1;
      let y = x - diagonal;
      while (x < a.length && y < b.length && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      furthest[middle + diagonal] = x;
      if (x >= a.length && y >= b.length) return backtrack(trace, a.length, b.length);
    }
  }
  return null;
}

function fromAbove(diagonal, edits, furthest, zero) {
  return diagonal === -edits || (diagonal !== edits && furthest[zero + diagonal - 1] < furthest[zero + diagonal + 1]);
}

function backtrack(trace, endX, endY) {
  let x = endX;
  let y = endY;
  const steps = [];
  for (let edits = trace.length - 1; edits > 0; edits -= 1) {
    const before = trace[edits];
    const diagonal = x - y;
    const previous = fromAbove(diagonal, edits, before, edits) ? diagonal + 1 : diagonal - 1;
    const previousX = before[previous + edits];
    const previousY = previousX - previous;
    while (x > previousX && y > previousY) {
      steps.push(KEEP);
      x -= 1;
      y -= 1;
    }
    if (x === previousX) {
      steps.push(INSERT);
      y -= 1;
    } else {
      steps.push(DELETE);
      x -= 1;
    }
  }
  for (; x > 0; x -= 1) steps.push(KEEP);
  return steps.reverse();
}
