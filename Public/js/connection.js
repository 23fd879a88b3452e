// The WebSocket to the session: hello, reconnect with backoff (or at once when a probe finds the
// server answering again), and the queue of intents the server has not answered yet (resent after
// every reconnect's snapshot; see PROTOCOL.md), kept in sessionStorage one key per intent, so
// queuing one never rewrites the others.

import { SUBPROTOCOL, CloseCode, ErrorCode } from './protocol.js';

const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000];
const PING_EVERY_MS = 15000;
const SILENCE_LIMIT_MS = 40000;
/**
 * While waiting out a backoff, how often a small HTTP request asks whether the server answers:
 * once it answers again after not answering (it restarted), the page reconnects at once.
 */
const PROBE_EVERY_MS = 300;

/** How long to wait before resending an intent the server refused as rate-limited. */
export const RATE_LIMIT_RETRY_MS = 1000;

/** Close codes, and the errors announcing them, after which reconnecting cannot help. */
const FINAL_CLOSE = new Map([[CloseCode.unknownSession, ErrorCode.unknownSession]]);
const FATAL_ERRORS = new Set(FINAL_CLOSE.values());

/**
 * Dispatches `message` (detail: `{message, newConnection}`, a server message, after the pending
 * queue has been settled; `newConnection` marks the first snapshot on a new socket), `status`
 * (detail: `{state, retryAt, problem}`) and `pending` (detail: how many intents wait for an
 * answer) events.
 * States: `connecting`, `connected`, `reconnecting`, `offline`, `ended`.
 */
export class Connection extends EventTarget {
  #socket = null;
  #ready = false;
  /** Intents queued while a new connection's snapshot is handled go out after the older ones. */
  #queueOnly = false;
  /** Intents a socket has carried: the server may have them. */
  #written = new WeakSet();
  #attempt = 0;
  #retryTimer = 0;
  #probeTimer = 0;
  #probeRound = 0;
  /** Whether a probe found the server not answering since it last answered a socket. */
  #probeMissed = false;
  #holdUntil = 0;
  #lastHeard = 0;
  /** A fatal error the server announced before closing (its close code may not make it here). */
  #fatal = null;
  #status = { state: 'connecting', retryAt: null, problem: null };
  #storageKey;

  /** Intents sent (or waiting to be sent) that no update, ack or error has answered yet. */
  pending = [];
  /** This tab's public member id, from the last snapshot. */
  member = null;

  /**
   * `renewClientId()` gives this tab a new client id, for when another tab turns out to share it;
   * `name()` is the name to say `hello` with (null: the server picks one).
   */
  constructor({ sessionId, clientId, renewClientId, name = () => null }) {
    super();
    this.sessionId = sessionId;
    this.renewClientId = renewClientId;
    this.name = name;
    this.#useClientId(clientId);
    this.pending = this.#restore();
  }

  get status() { return this.#status; }

  start() {
    addEventListener('online', () => { if (!this.#socket) this.retryNow(); });
    addEventListener('offline', () => { if (!this.#ready) this.#setStatus('offline'); });
    // A page left for another (even one kept in the back-forward cache) leaves the session at once,
    // so nobody sees its person here any more; shown again, it joins again.
    addEventListener('pagehide', () => this.#leave());
    addEventListener('pageshow', (event) => { if (event.persisted) this.retryNow(); });
    setInterval(() => this.#heartbeat(), PING_EVERY_MS);
    this.#open();
  }

  /** Queues an intent (`screen`, `action` and its fields), sends it now if the session is live, and returns it. */
  send(fields) {
    const intent = { type: 'intent', seq: ++this.seq, ...fields };
    this.pending.push(intent);
    this.#store(intent);
    this.#pendingChanged();
    if (this.#ready && !this.#queueOnly) this.#write(intent);
    return intent;
  }

  /**
   * Changes the fields of a queued intent no socket has carried yet (the server cannot have seen
   * its seq); returns whether it could.
   */
  amend(intent, fields) {
    if (this.#written.has(intent) || !this.pending.includes(intent)) return false;
    Object.assign(intent, fields);
    this.#store(intent);
    return true;
  }

  /** Drops a queued intent unsent (a splice whose edits go out again in a new one). */
  forget(intent) {
    this.#unqueue((queued) => queued === intent);
  }

  hasPendingAction(action) { return this.pending.some((intent) => intent.action === action); }

  /** Asks for a fresh snapshot (the copy missed an update). */
  resync() {
    this.tell({ type: 'resync' });
  }

  /**
   * Sends a message that is not an intent (`rename`, `history`) if the session is live; nothing
   * queues it. Returns whether it went.
   */
  tell(message) {
    if (!this.#ready) return false;
    this.#socket.send(JSON.stringify(message));
    return true;
  }

  /** Reconnects at once instead of waiting for the backoff. */
  retryNow() {
    if (this.#status.state === 'ended') return;
    clearTimeout(this.#retryTimer);
    this.#holdUntil = 0;
    this.#open();
  }

  /** Test and demo hook: closes the socket from this side and stays away for `holdMs`. */
  drop(holdMs = 1500) {
    const socket = this.#socket;
    if (!socket) return;
    this.#holdUntil = Date.now() + holdMs;
    // Detached first: the page counts as disconnected now, not when the close handshake ends.
    this.#socket = null;
    socket.close(CloseCode.normalClosure, 'dropped by the page');
    this.#closed(CloseCode.normalClosure);
  }

  #leave() {
    const socket = this.#socket;
    clearTimeout(this.#retryTimer);
    this.#stopProbing();
    if (!socket) return;
    this.#socket = null;
    this.#ready = false;
    socket.close(CloseCode.normalClosure, 'left the page');
  }

  #open() {
    if (this.#socket) return;
    this.#stopProbing();
    const url = new URL('ws', location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    url.search = new URLSearchParams({ session: this.sessionId }).toString();
    const socket = new WebSocket(url, SUBPROTOCOL);
    this.#socket = socket;
    this.#ready = false;
    this.#setStatus(this.#attempt === 0 && this.#status.state === 'connecting' ? 'connecting' : 'reconnecting');
    socket.addEventListener('open', () => {
      const name = this.name();
      socket.send(JSON.stringify({ type: 'hello', clientId: this.clientId, ...(name ? { name } : {}) }));
    });
    socket.addEventListener('message', (event) => {
      if (this.#socket === socket) this.#receive(event.data);
    });
    socket.addEventListener('close', (event) => {
      if (this.#socket === socket) this.#closed(event.code);
    });
  }

  #receive(text) {
    this.#lastHeard = Date.now();
    const message = readJSON(text);
    if (!message || typeof message.type !== 'string') return;
    if (message.type === 'snapshot') this.member = message.you.member;
    if (message.type === 'update' && message.by === this.member && Number.isInteger(message.seq)) this.#settle(message.seq);
    if (message.type === 'error' && message.code === ErrorCode.rateLimited) this.#retryLater(message.seq);
    else if ((message.type === 'ack' || message.type === 'error') && Number.isInteger(message.seq)) this.#settle(message.seq);
    if (message.type === 'error' && FATAL_ERRORS.has(message.code)) this.#fatal = message.code;
    const newConnection = message.type === 'snapshot' && !this.#ready;
    if (message.type === 'snapshot') {
      this.#ready = true;
      this.#attempt = 0;
      this.#probeMissed = false;
      this.#setStatus('connected');
    }
    // What the page sends while it takes in a new connection's snapshot goes out after what waited.
    this.#queueOnly = newConnection;
    try {
      this.dispatchEvent(new CustomEvent('message', { detail: { message, newConnection } }));
    } finally {
      this.#queueOnly = false;
    }
    if (newConnection) {
      for (const intent of this.pending) this.#write(intent);
    }
  }

  #write(intent) {
    this.#written.add(intent);
    this.#socket.send(JSON.stringify(intent));
  }

  /**
   * A rate-limited intent was not applied (and may have overtaken answers to earlier ones, so it
   * settles only itself): send it again, with a new seq, once the limit has eased. A splice is
   * the page's to send again (field-texts.js), as its field's edits stand then.
   */
  #retryLater(seq) {
    const refused = this.pending.find((intent) => intent.seq === seq);
    if (!refused) return;
    this.#unqueue((intent) => intent === refused);
    if (refused.action === 'splice') return;
    const { type, seq: _, ...fields } = refused;
    setTimeout(() => this.send(fields), RATE_LIMIT_RETRY_MS);
  }

  /** Answers arrive in seq order, so an answer to `seq` settles every earlier intent too. */
  #settle(seq) {
    this.#unqueue((intent) => intent.seq <= seq);
  }

  #unqueue(answered) {
    const gone = this.pending.filter(answered);
    if (!gone.length) return;
    this.pending = this.pending.filter((intent) => !gone.includes(intent));
    for (const intent of gone) sessionStorage.removeItem(this.#intentKey(intent.seq));
    this.#pendingChanged();
  }

  #closed(code) {
    this.#socket = null;
    this.#ready = false;
    // Another connection said hello with this client id: a copy of this tab that could not tell it
    // was one (a duplicated tab takes an id of its own as it starts; see session.js).
    if (code === CloseCode.replaced) this.#becomeNewClient();
    const problem = FINAL_CLOSE.get(code) ?? this.#fatal;
    this.#fatal = null;
    if (problem) {
      this.#setStatus('ended', { problem });
      return;
    }
    if (!navigator.onLine) {
      this.#setStatus('offline');
      return;
    }
    const backoff = BACKOFF_MS[Math.min(this.#attempt, BACKOFF_MS.length - 1)] * (0.8 + Math.random() * 0.4);
    const delay = Math.max(backoff, this.#holdUntil - Date.now());
    this.#attempt += 1;
    this.#retryTimer = setTimeout(() => this.#open(), delay);
    // A full session answers HTTP all along: only the backoff helps there.
    if (code !== CloseCode.sessionFull) this.#probe();
    this.#setStatus('reconnecting', { retryAt: Date.now() + delay, problem: code === CloseCode.sessionFull ? ErrorCode.sessionFull : null });
  }

  /**
   * Asks the server for its health every PROBE_EVERY_MS until the next attempt: an answer after a
   * miss means it is back, so the attempt is made now instead of at the end of the backoff. A
   * server that answered all along (the socket failed for another reason) leaves the backoff be.
   */
  #probe() {
    this.#stopProbing();
    const round = this.#probeRound;
    const ask = async () => {
      let answered = false;
      try {
        const response = await fetch(new URL('healthz', location.href), { cache: 'no-store', signal: AbortSignal.timeout(2000) });
        answered = response.ok;
      } catch {
        answered = false;
      }
      if (round !== this.#probeRound) return;
      if (answered && this.#probeMissed && Date.now() >= this.#holdUntil) {
        this.#probeMissed = false;
        this.retryNow();
        return;
      }
      this.#probeMissed ||= !answered;
      this.#probeTimer = setTimeout(ask, PROBE_EVERY_MS);
    };
    this.#probeTimer = setTimeout(ask, PROBE_EVERY_MS);
  }

  /** Ends the probes of this wait (an answer still on its way is ignored). */
  #stopProbing() {
    clearTimeout(this.#probeTimer);
    this.#probeRound += 1;
  }

  /** Seqs count per client id: a new id starts again at 1, with the queued intents renumbered. */
  #useClientId(clientId) {
    this.clientId = clientId;
    this.#storageKey = `focusSync.${this.sessionId}.${clientId}`;
    this.seq = Number(sessionStorage.getItem(`${this.#storageKey}.seq`)) || 0;
  }

  #becomeNewClient() {
    for (const intent of this.pending) sessionStorage.removeItem(this.#intentKey(intent.seq));
    this.#useClientId(this.renewClientId());
    // Renumbered in place: whoever holds an intent (a field's splice in flight) sees its new seq.
    for (const intent of this.pending) {
      intent.seq = ++this.seq;
      this.#store(intent);
    }
  }

  #heartbeat() {
    if (!this.#ready) return;
    if (Date.now() - this.#lastHeard > SILENCE_LIMIT_MS) this.#socket.close(CloseCode.noAnswer, 'no answer');
    else this.#socket.send(JSON.stringify({ type: 'ping' }));
  }

  #setStatus(state, { retryAt = null, problem = null } = {}) {
    this.#status = { state, retryAt, problem };
    this.dispatchEvent(new CustomEvent('status', { detail: this.#status }));
  }

  #intentKey(seq) {
    return `${this.#storageKey}.intent.${seq}`;
  }

  /** Stores one intent under a key of its own, and the last seq. */
  #store(intent) {
    sessionStorage.setItem(`${this.#storageKey}.seq`, String(this.seq));
    sessionStorage.setItem(this.#intentKey(intent.seq), JSON.stringify(intent));
  }

  /** The intents this tab queued before a reload, in seq order. */
  #restore() {
    const prefix = this.#intentKey('');
    const intents = [];
    for (let index = 0; index < sessionStorage.length; index += 1) {
      const key = sessionStorage.key(index);
      const intent = key.startsWith(prefix) ? readJSON(sessionStorage.getItem(key)) : null;
      if (Number.isInteger(intent?.seq)) intents.push(intent);
    }
    return intents.sort((a, b) => a.seq - b.seq);
  }

  #pendingChanged() {
    this.dispatchEvent(new CustomEvent('pending', { detail: this.pending.length }));
  }
}

function readJSON(text) {
  try { return JSON.parse(text); } catch { return null; }
}
