// The worked examples of Tests/FocusCoreTests/Text/SpliceClientTests.swift, run on
// Public/js/splice-client.js. Exits with status 1 and the first difference if one fails.
//
//   node Tests/js/splice-client-examples.mjs
// prints {"passed": <examples>}.

import assert from 'node:assert/strict';
import { SpliceClient, APPLIED, REFUSED, UNANSWERED } from '../../Public/js/splice-client.js';

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
    assert.deepEqual(client.acknowledge(5, [splice(3, 0, ' ')]), outgoing(4, 0, 'Lo', 5));
    assert.equal(client.serverText, 'Ada ');
    assert.equal(client.acknowledge(6, [splice(4, 0, 'Lo')]), null);
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
    assert.deepEqual(client.acknowledge(3, [splice(5, 0, '!')]), outgoing(0, 0, '¡', 3));
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
    assert.deepEqual(client.acknowledge(1, [splice(1, 0, '1')]), outgoing(0, 0, '0', 1));
    assert.equal(client.state, 'awaitingWithBuffer');
    assert.deepEqual(client.acknowledge(2, [splice(0, 0, '0')]), outgoing(5, 0, '2', 2));
    assert.equal(client.acknowledge(3, [splice(5, 0, '2')]), null);
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
    assert.equal(client.refuse(), null);
    assert.equal(client.state, 'awaitingText');
    assert.equal(client.resendable, null);
    assert.equal(client.edit(splice(8, 0, '?')), null);
    assert.deepEqual(client.resync('ONE 2', 9, UNANSWERED), outgoing(3, 0, '!', 9));
    assert.equal(client.text, 'ONE! 2?');
    assert.deepEqual(client.acknowledge(10, [splice(3, 0, '!')]), outgoing(6, 0, '?', 10));
  },

  reject() {
    const client = new SpliceClient({ member: 'm1', text: 'Ada', revision: 1 });
    client.edit(splice(3, 0, '!!!'));
    client.edit(splice(0, 0, '?'));
    assert.deepEqual(client.reject(), outgoing(0, 0, '?', 1));
    assert.equal(client.text, '?Ada');
    assert.deepEqual(client.selection, caret(1));
    assert.equal(client.acknowledge(2, [splice(0, 0, '?')]), null);
    assert.equal(client.serverText, '?Ada');
  },

  snapshotAppliedOrRefused() {
    const client = new SpliceClient({ member: 'm1', text: 'ab', revision: 1 });
    client.edit(splice(2, 0, 'c'));
    client.edit(splice(3, 0, 'd'));
    assert.deepEqual(client.resync('Xabc', 3, APPLIED), outgoing(4, 0, 'd', 3));
    assert.equal(client.text, 'Xabcd');
    const refused = new SpliceClient({ member: 'm1', text: 'ab', revision: 1 });
    refused.edit(splice(2, 0, 'c'));
    assert.deepEqual(refused.resync('Xab', 3, REFUSED), outgoing(3, 0, 'c', 3));
    assert.equal(refused.text, 'Xabc');
  },

  snapshotHeld() {
    const client = new SpliceClient({ member: 'm1', text: 'ab', revision: 1 });
    client.edit(splice(2, 0, 'c'));
    client.edit(splice(3, 0, 'd'));
    assert.equal(client.resync('Xab', 3, UNANSWERED), null);
    assert.equal(client.receive([splice(0, 0, 'Y')], 4, 'm2'), null);
    assert.equal(client.text, 'abcd');
    assert.equal(client.state, 'awaitingWithBuffer');
    assert.deepEqual(client.acknowledge(5, [splice(4, 0, 'c')]), outgoing(5, 0, 'd', 5));
    assert.equal(client.text, 'YXabcd');
    assert.equal(client.serverText, 'YXabc');
  },

  heldThenRefused() {
    const client = new SpliceClient({ member: 'm1', text: 'ab', revision: 1 });
    client.edit(splice(2, 0, 'c'));
    client.edit(splice(3, 0, 'd'));
    assert.equal(client.resync('Xab', 3, UNANSWERED), null);
    client.receive([splice(0, 0, 'Y')], 4, 'm2');
    assert.deepEqual(client.refuse(), outgoing(3, 0, 'cd', 3));
    assert.equal(client.text, 'YXabcd');
    assert.equal(client.serverText, 'YXab');
    assert.equal(client.revision, 4);
    assert.equal(client.acknowledge(5, [splice(4, 0, 'cd')]), null);
  },

  snapshotCaret() {
    const client = new SpliceClient({ member: 'm1', text: 'hello world', revision: 1 });
    client.selection = caret(6);
    assert.equal(client.resync('well, hello world', 4, UNANSWERED), null);
    assert.deepEqual(client.selection, caret(12));
    assert.equal(client.state, 'synchronized');
  },

  olderSnapshot() {
    const client = new SpliceClient({ member: 'm1', text: 'abc', revision: 7 });
    client.edit(splice(3, 0, 'd'));
    assert.equal(client.refuse(), null);
    assert.deepEqual(client.resync('zzz', 5, REFUSED), outgoing(3, 0, 'd', 7));
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
