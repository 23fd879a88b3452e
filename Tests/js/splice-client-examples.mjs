// The worked examples of Tests/FocusCoreTests/Text/SpliceClientTests.swift, run on
// Public/js/splice-client.js. Exits with status 1 and the first difference if one fails.
//
//   node Tests/js/splice-client-examples.mjs
// prints {"passed": <examples>}.

import assert from 'node:assert/strict';
import { SpliceClient } from '../../Public/js/splice-client.js';

const splice = (at, remove, insert) => ({ at, delete: remove, insert });
const outgoing = (at, remove, insert, base) => ({ splice: splice(at, remove, insert), base });
const caret = (offset) => ({ start: offset, end: offset });

const examples = {
  oneInFlight() {
    const client = new SpliceClient({ member: 'm1', text: 'Ada', revision: 4 });
    assert.equal(client.state, 'synchronized');
    assert.deepEqual(client.edit(splice(3, 0, ' ')), outgoing(3, 0, ' ', 4));
    assert.equal(client.state, 'awaitingConfirm');
    assert.equal(client.edit(splice(4, 0, 'L')), null);
    assert.equal(client.edit(splice(5, 0, 'o')), null);
    assert.equal(client.state, 'awaitingWithBuffer');
    assert.equal(client.text, 'Ada Lo');
    assert.deepEqual(client.selection, caret(6));
    assert.deepEqual(client.acknowledge(5), outgoing(4, 0, 'Lo', 5));
    assert.equal(client.serverText, 'Ada ');
    assert.equal(client.acknowledge(6), null);
    assert.equal(client.state, 'synchronized');
    assert.equal(client.serverText, 'Ada Lo');
    assert.equal(client.revision, 6);
  },

  remoteOverPending() {
    const client = new SpliceClient({ member: 'm2', text: 'Ada', revision: 1 });
    client.edit(splice(3, 0, '!'));
    client.edit(splice(0, 0, '¡'));
    client.selection = caret(2);
    const shown = client.receive([splice(3, 0, ' L')], 2, 'm1');
    assert.deepEqual(shown.splices(), [splice(4, 0, ' L')]);
    assert.equal(client.text, '¡Ada L!');
    assert.equal(client.serverText, 'Ada L');
    assert.deepEqual(client.selection, caret(2));
    assert.deepEqual(client.acknowledge(3), outgoing(0, 0, '¡', 3));
    assert.equal(client.serverText, 'Ada L!');
  },

  oldUpdate() {
    const client = new SpliceClient({ member: 'm1', text: 'Ada', revision: 5 });
    assert.equal(client.receive([splice(0, 0, 'X')], 5, 'm2'), null);
    assert.equal(client.text, 'Ada');
  },

  bufferInTwoPlaces() {
    const client = new SpliceClient({ member: 'm1', text: 'abc', revision: 0 });
    client.edit(splice(1, 0, '1'));
    client.edit(splice(0, 0, '0'));
    client.edit(splice(5, 0, '2'));
    assert.equal(client.text, '0a1bc2');
    assert.deepEqual(client.acknowledge(1), outgoing(0, 0, '0', 1));
    assert.equal(client.state, 'awaitingWithBuffer');
    assert.deepEqual(client.acknowledge(2), outgoing(5, 0, '2', 2));
    assert.equal(client.acknowledge(3), null);
    assert.equal(client.serverText, '0a1bc2');
  },

  resend() {
    const client = new SpliceClient({ member: 'm1', text: '', revision: 3 });
    const sent = client.edit(splice(0, 0, 'a'));
    client.receive([splice(0, 0, 'b')], 4, 'm2');
    assert.deepEqual(client.resendable, sent);
    assert.equal(client.text, 'ab');
  },

  refusal() {
    const client = new SpliceClient({ member: 'm1', text: 'one two', revision: 3 });
    client.edit(splice(3, 0, '!'));
    client.refuse();
    assert.equal(client.state, 'awaitingText');
    assert.equal(client.resendable, null);
    assert.equal(client.edit(splice(8, 0, '?')), null);
    assert.deepEqual(client.recover('ONE 2', 9, false), outgoing(3, 0, '!', 9));
    assert.equal(client.text, 'ONE! 2?');
    assert.deepEqual(client.acknowledge(10), outgoing(6, 0, '?', 10));
  },

  reject() {
    const client = new SpliceClient({ member: 'm1', text: 'Ada', revision: 1 });
    client.edit(splice(3, 0, '!!!'));
    client.edit(splice(0, 0, '?'));
    assert.deepEqual(client.reject(), outgoing(0, 0, '?', 1));
    assert.equal(client.text, '?Ada');
    assert.deepEqual(client.selection, caret(1));
    assert.equal(client.acknowledge(2), null);
    assert.equal(client.serverText, '?Ada');
  },

  reconnectApplied() {
    const client = new SpliceClient({ member: 'm1', text: 'ab', revision: 1 });
    client.edit(splice(2, 0, 'c'));
    client.edit(splice(3, 0, 'd'));
    assert.deepEqual(client.recover('Xabc', 3, true), outgoing(4, 0, 'd', 3));
    assert.equal(client.text, 'Xabcd');
    const lost = new SpliceClient({ member: 'm1', text: 'ab', revision: 1 });
    lost.edit(splice(2, 0, 'c'));
    assert.deepEqual(lost.recover('Xab', 3, false), outgoing(3, 0, 'c', 3));
    assert.equal(lost.text, 'Xabc');
  },

  recoveryCaret() {
    const client = new SpliceClient({ member: 'm1', text: 'hello world', revision: 1 });
    client.selection = caret(6);
    assert.equal(client.recover('well, hello world', 4, false), null);
    assert.deepEqual(client.selection, caret(12));
    assert.equal(client.state, 'synchronized');
  },

  olderFreshText() {
    const client = new SpliceClient({ member: 'm1', text: 'abc', revision: 7 });
    client.edit(splice(3, 0, 'd'));
    client.refuse();
    assert.deepEqual(client.recover('zzz', 5, false), outgoing(3, 0, 'd', 7));
    assert.equal(client.text, 'abcd');
  },
};

for (const [name, example] of Object.entries(examples)) {
  try {
    example();
  } catch (error) {
    process.stderr.write(`${name}: ${error.message}\n`);
    process.exit(1);
  }
}
process.stdout.write(JSON.stringify({ passed: Object.keys(examples).length }));
