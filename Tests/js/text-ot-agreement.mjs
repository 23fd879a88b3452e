// Runs a corpus of cases FocusCore computed (transform, compose, inverse, splices, index and selection
// transform, differences, tie-breaks) through Public/js/text-ot.js and reports every disagreement.
//
//   node Tests/js/text-ot-agreement.mjs <cases.json>
// prints {"checked": <cases>, "mismatches": ["case 12 aPrime: expected … got …", …]}.

import { readFileSync } from 'node:fs';
import { TextOperation, tieBreak, transformSelection, applySplice } from '../../Public/js/text-ot.js';
import { spliceBetween } from '../../Public/js/splice-between.js';

function operation(ops) {
  const result = new TextOperation();
  for (const op of ops) {
    if (typeof op === 'string') result.insert(op);
    else if (op > 0) result.retain(op);
    else result.delete(-op);
  }
  return result;
}

function same(x, y) {
  if (Array.isArray(x) || Array.isArray(y)) {
    return Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((item, index) => same(item, y[index]));
  }
  if (x && y && typeof x === 'object' && typeof y === 'object') {
    const keys = Object.keys(x);
    return keys.length === Object.keys(y).length && keys.every((key) => same(x[key], y[key]));
  }
  return x === y;
}

function actual(test) {
  const a = operation(test.a);
  const b = operation(test.b);
  const [aPrime, bPrime] = TextOperation.transform(a, b, test.tie);
  const splices = a.splices();
  return {
    applied: a.apply(test.text),
    aPrime: aPrime.ops,
    bPrime: bPrime.ops,
    composed: a.compose(operation(test.next)).ops,
    inverted: a.invert(test.text).ops,
    splices,
    fromSplices: TextOperation.fromSplices(splices, test.text.length).ops,
    splicesApplied: splices.reduce(applySplice, test.text),
    index: a.transformIndex(test.index, test.bias),
    selection: transformSelection(test.selection, a),
    fits: a.fits(test.text) && aPrime.fits(b.apply(test.text)),
    difference: TextOperation.difference(test.old, test.new).ops,
    spliceBetween: spliceBetween(test.old, test.new, test.caret),
    tieBreak: tieBreak(test.members[0], test.members[1]),
  };
}

const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const mismatches = [];
cases.forEach((test, index) => {
  let result;
  try {
    result = actual(test);
  } catch (error) {
    mismatches.push(`case ${index} threw ${error}`);
    return;
  }
  for (const [key, expected] of Object.entries(test.expected)) {
    if (!same(result[key], expected)) {
      mismatches.push(`case ${index} ${key}: expected ${JSON.stringify(expected)} got ${JSON.stringify(result[key])} (${JSON.stringify(test)})`);
    }
  }
});
process.stdout.write(JSON.stringify({ checked: cases.length, mismatches }));
