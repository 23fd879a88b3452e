// One server and three pages editing one text field on a seeded random schedule, with the pages
// running Public/js/splice-client.js: the same simulation, draw for draw, as
// Tests/FocusCoreTests/Support/SpliceSimulation.swift (read that for what it does and checks).
//
//   node Tests/js/splice-simulation.mjs <runs> <steps>
// prints {"reports": [one per seed 0..<runs], "failures": ["seed 3: ...", ...]}.

import { TextOperation, tieBreak } from '../../Public/js/text-ot.js';
import { SpliceClient, APPLIED, REFUSED, UNANSWERED } from '../../Public/js/splice-client.js';
import { SeededRandom, boundaries } from './seeded-random.mjs';

const MEMBERS = ['m2', 'm10', 'm1'];
const INITIAL_TEXT = 'Hi👋';

/** The server's history of one field: FocusCore's FieldHistory, as far as the simulation needs it. */
class FieldHistory {
  constructor(capacity) {
    this.capacity = capacity;
    this.oldestBase = 0;
    this.entries = [];
  }

  get currentRevision() {
    return this.entries.length ? this.entries[this.entries.length - 1].revision : 0;
  }

  record(operation, revision, member) {
    this.entries.push({ revision, member, operation });
    if (this.entries.length > this.capacity) this.oldestBase = this.entries.shift().revision;
  }

  /** `{operation}` or `{code}`, as FieldHistory.rebase decides. */
  rebase(splice, base, member, current, text) {
    if (base > current || base < this.oldestBase) return { code: 'stale_base' };
    if (splice.at < 0 || splice.delete < 0) return { code: 'bad_splice' };
    const after = this.entries.filter((entry) => entry.revision > base);
    const length = after.length ? after[0].operation.baseLength : text.length;
    if (splice.at > length || splice.delete > length - splice.at) return { code: 'bad_splice' };
    let operation = TextOperation.fromSplice(splice, length);
    for (const entry of after) [operation] = TextOperation.transform(operation, entry.operation, tieBreak(member, entry.member));
    return operation.fits(text) ? { operation } : { code: 'bad_splice' };
  }
}

function tag(page, number) {
  return number % 3 === 0 ? 0xe000 + page * 0x800 + Math.floor(number / 3) : 0xf0000 + page * 0x4000 + number;
}

function owner(point) {
  if (point >= 0xe000 && point < 0xf800) return Math.floor((point - 0xe000) / 0x800);
  if (point >= 0xf0000 && point < 0xfc000) return Math.floor((point - 0xf0000) / 0x4000);
  return null;
}

function points(text) {
  return Array.from(text, (character) => character.codePointAt(0));
}

class Simulation {
  constructor(seed) {
    this.random = new SeededRandom(seed);
    this.history = new FieldHistory(1 + this.random.below(12));
    this.pages = MEMBERS.map((member) => ({
      client: new SpliceClient({ member, text: INITIAL_TEXT, revision: 0 }),
      connected: true, seq: 0, inFlightSeq: null, retry: false, toServer: [], toPage: [], tags: 0, ownOrder: [],
    }));
    this.text = INITIAL_TEXT;
    this.handled = [0, 0, 0];
    this.spliced = [0, 0, 0];
    this.settling = false;
    this.report = { text: '', revision: 0, edits: 0, applied: 0, staleBase: 0, badSplice: 0, rateLimited: 0, rejected: 0, reconnects: 0, fellBehind: 0, snapshots: 0, held: 0 };
    this.inserted = [];
    this.deleted = new Set();
    this.failures = [];
  }

  get currentRevision() { return this.history.currentRevision; }

  step() {
    const page = this.random.below(3);
    const action = this.random.below(100);
    if (action < 30) this.edit(page);
    else if (action < 58) this.deliverToServer(page);
    else if (action < 92) this.deliverToPage(page);
    else if (action < 94) { if (this.pages[page].connected) this.disconnect(page); }
    else if (action < 96) { if (!this.pages[page].connected) this.reconnect(page); }
    else if (action < 98) { if (this.pages[page].connected) this.fallBehind(page); }
    else this.resend(page);
  }

  edit(page) {
    this.checkOwnOrder(page);
    const state = this.pages[page];
    const current = state.client.text;
    const scalars = points(current);
    const offsets = boundaries(current);
    let start = this.random.below(offsets.length);
    if (this.random.chance(60)) {
      const caret = offsets.indexOf(state.client.selection.start);
      if (caret >= 0) start = caret;
      else this.failures.push(`page ${page}'s caret is not on a character boundary`);
    }
    let end = start;
    let count = 0;
    const kind = scalars.length > 40 ? 5 + this.random.below(5) : this.random.below(10);
    if (kind < 5) {
      count = 1 + this.random.below(3);
    } else if (kind < 7) {
      end = Math.min(scalars.length, start + 1 + this.random.below(4));
    } else if (kind < 9) {
      end = Math.min(scalars.length, start + 1 + this.random.below(3));
      count = 1 + this.random.below(2);
    } else {
      start = Math.max(0, start - 1);
    }
    let insert = '';
    for (let index = 0; index < count; index += 1) {
      const point = tag(page, state.tags);
      state.tags += 1;
      this.inserted.push(point);
      insert += String.fromCodePoint(point);
    }
    for (const point of scalars.slice(start, end)) if (owner(point) !== null) this.deleted.add(point);
    const splice = { at: offsets[start], delete: offsets[end] - offsets[start], insert };
    this.send(page, state.client.edit(splice));
    state.ownOrder = this.ownTags(state.client.text, page);
    this.report.edits += 1;
  }

  deliverToPage(page) {
    const state = this.pages[page];
    if (!state.connected || state.toPage.length === 0) return;
    const message = state.toPage.shift();
    if (message.type === 'update') {
      if (message.member === state.client.member) this.answered(page, message.seq, message.revision, message.splices);
      else state.client.receive(message.splices, message.revision, message.member);
    } else if (message.type === 'ack') {
      this.answered(page, message.seq, message.revision, []);
    } else if (message.type === 'error') {
      if (message.seq !== state.inFlightSeq) {
        this.failures.push(`page ${page} got ${message.code} for seq ${message.seq}, which is not in flight`);
        return;
      }
      if (message.code === 'rate_limited') {
        state.retry = true;
      } else if (message.code === 'value_too_long') {
        for (const point of points(state.client.resendable?.splice.insert ?? '')) this.deleted.add(point);
        state.inFlightSeq = null;
        this.checkOwnOrder(page);
        this.send(page, state.client.reject());
        state.ownOrder = this.ownTags(state.client.text, page);
      } else {
        state.inFlightSeq = null;
        this.send(page, state.client.refuse());
        if (state.client.state === 'awaitingText') state.toServer.push({ type: 'resync' });
      }
    } else {
      this.snapshot(page, message, true);
    }
  }

  /** What became of the splice in flight is what the snapshot's handled and spliced seqs say; on a new connection, one not handled is lost. */
  snapshot(page, { text, revision, handled, spliced }, live) {
    const state = this.pages[page];
    this.report.snapshots += 1;
    let outcome = UNANSWERED;
    if (state.inFlightSeq !== null) {
      if (state.inFlightSeq <= spliced) outcome = APPLIED;
      else if (state.inFlightSeq <= handled || !live) outcome = REFUSED;
    }
    if (outcome !== UNANSWERED) {
      state.inFlightSeq = null;
      state.retry = false;
    } else if (state.inFlightSeq !== null) {
      this.report.held += 1;
    }
    this.send(page, state.client.resync(text, revision, outcome));
  }

  answered(page, seq, revision, applied) {
    const state = this.pages[page];
    if (seq !== state.inFlightSeq) {
      this.failures.push(`page ${page} got an answer to seq ${seq}, which is not in flight`);
      return;
    }
    state.inFlightSeq = null;
    this.send(page, state.client.acknowledge(revision, applied));
  }

  send(page, outgoing) {
    if (!outgoing) return;
    const state = this.pages[page];
    state.seq += 1;
    state.inFlightSeq = state.seq;
    if (state.connected) state.toServer.push({ type: 'splice', seq: state.seq, outgoing });
  }

  resend(page) {
    const state = this.pages[page];
    if (!state.retry || !state.connected) return;
    state.retry = false;
    this.send(page, state.client.resendable);
  }

  disconnect(page) {
    Object.assign(this.pages[page], { connected: false, toServer: [], toPage: [], retry: false });
  }

  reconnect(page) {
    this.pages[page].connected = true;
    this.report.reconnects += 1;
    this.snapshot(page, this.snapshotMessage(page), false);
  }

  fallBehind(page) {
    this.report.fellBehind += 1;
    this.pages[page].toPage = [this.snapshotMessage(page)];
  }

  snapshotMessage(page) {
    return { type: 'snapshot', text: this.text, revision: this.currentRevision, handled: this.handled[page], spliced: this.spliced[page] };
  }

  deliverToServer(page) {
    const state = this.pages[page];
    if (!state.connected || state.toServer.length === 0) return;
    const message = state.toServer.shift();
    if (message.type === 'resync') {
      state.toPage.push(this.snapshotMessage(page));
      return;
    }
    const { seq, outgoing } = message;
    if (seq <= this.handled[page]) {
      this.failures.push(`page ${page} sent seq ${seq} again after the server handled it`);
      return;
    }
    this.handled[page] = seq;
    const member = state.client.member;
    if (!this.settling && this.random.chance(5)) {
      this.report.rateLimited += 1;
      state.toPage.push({ type: 'error', seq, code: 'rate_limited' });
      return;
    }
    if (!this.settling && this.random.chance(2)) {
      this.report.badSplice += 1;
      state.toPage.push({ type: 'error', seq, code: 'bad_splice' });
      return;
    }
    if (!this.settling && this.random.chance(1)) {
      this.report.rejected += 1;
      state.toPage.push({ type: 'error', seq, code: 'value_too_long' });
      return;
    }
    const result = this.history.rebase(outgoing.splice, outgoing.base, member, this.currentRevision, this.text);
    if (result.code) {
      if (result.code === 'stale_base') this.report.staleBase += 1;
      else this.failures.push(`page ${page} sent a bad splice`);
      state.toPage.push({ type: 'error', seq, code: result.code });
      return;
    }
    this.spliced[page] = seq;
    if (result.operation.isNoop()) {
      state.toPage.push({ type: 'ack', seq, revision: this.currentRevision });
      return;
    }
    const after = new Set(points(result.operation.apply(this.text)));
    for (const point of points(this.text)) if (!after.has(point) && owner(point) !== null) this.deleted.add(point);
    this.text = result.operation.apply(this.text);
    const revision = this.currentRevision + 1;
    this.history.record(result.operation, revision, member);
    this.report.applied += 1;
    const splices = result.operation.splices();
    for (const other of this.pages) {
      if (other.connected) other.toPage.push({ type: 'update', revision, member, seq, splices });
    }
  }

  settle() {
    this.settling = true;
    this.pages.forEach((state, page) => { if (!state.connected) this.reconnect(page); });
    let rounds = 0;
    while (this.pages.some((state) => state.toServer.length || state.toPage.length || state.retry)) {
      rounds += 1;
      if (rounds >= 10000) {
        this.failures.push('the run did not settle');
        return;
      }
      this.pages.forEach((state, page) => {
        this.resend(page);
        while (state.toServer.length) this.deliverToServer(page);
      });
      this.pages.forEach((state, page) => {
        while (state.toPage.length) this.deliverToPage(page);
      });
    }
  }

  check() {
    this.pages.forEach((state, page) => {
      const { client } = state;
      if (client.text !== this.text || client.serverText !== this.text) {
        this.failures.push(`page ${page} holds ${JSON.stringify(client.text)}, the server ${JSON.stringify(this.text)}`);
      }
      if (client.state !== 'synchronized' || client.revision !== this.currentRevision) {
        this.failures.push(`page ${page} is ${client.state} at revision ${client.revision}, not synchronized at ${this.currentRevision}`);
      }
      this.checkOwnOrder(page);
    });
    const held = points(this.text).filter((point) => owner(point) !== null);
    if (new Set(held).size !== held.length) this.failures.push('a character appears twice');
    const present = new Set(held);
    const missing = this.inserted.filter((point) => !this.deleted.has(point) && !present.has(point));
    if (missing.length) this.failures.push(`${missing.length} typed characters nobody deleted are missing`);
  }

  checkOwnOrder(page) {
    const now = this.ownTags(this.pages[page].client.text, page);
    const present = new Set(now);
    const known = new Set(this.pages[page].ownOrder);
    const expected = this.pages[page].ownOrder.filter((point) => present.has(point));
    const held = now.filter((point) => known.has(point));
    if (expected.length !== held.length || expected.some((point, index) => point !== held[index])) {
      this.failures.push(`page ${page}'s own characters changed order`);
    }
  }

  ownTags(text, page) {
    return points(text).filter((point) => owner(point) === page);
  }
}

/** Runs seeds 0..<runs of `steps` steps each. */
export function simulate(runs, steps) {
  const reports = [];
  const failures = [];
  for (let seed = 0; seed < runs; seed += 1) {
    const simulation = new Simulation(seed);
    for (let step = 0; step < steps; step += 1) simulation.step();
    simulation.settle();
    simulation.check();
    simulation.report.text = simulation.text;
    simulation.report.revision = simulation.currentRevision;
    reports.push(simulation.report);
    if (simulation.failures.length) failures.push(`seed ${seed}: ${simulation.failures[0]}`);
  }
  return { reports, failures };
}

if (process.argv[1]?.endsWith('splice-simulation.mjs')) {
  const [runs, steps] = process.argv.slice(2).map(Number);
  process.stdout.write(JSON.stringify(simulate(runs, steps)));
}
