// The playground page: joins (or creates) a session and wires the views to it.

import { byId } from './dom.js';
import { resolveSession, tabClientId } from './session.js';
import { Connection } from './connection.js';
import { Store } from './store.js';
import { FieldTexts, fieldName } from './field-texts.js';
import { TextEditing, typeInto } from './text-editing.js';
import { Header } from './header.js';
import { Tabs } from './tabs.js';
import { ScreenView } from './screens/screen-view.js';
import { SCREEN_MODULES } from './screens/index.js';
import { FocusFollower } from './focus-follower.js';
import { SimulatedKeyboard, passesThroughNil } from './keyboard.js';
import { Inspector } from './inspector.js';
import { EventLog } from './event-log.js';
import { CodePanel, highlightTags } from './code-panel.js';
import { Announcer } from './announcer.js';
import { keyLabel } from './keys.js';

const NOTICE_MS = 6000;
/** Refusals of a splice the page recovers from by itself: nothing to tell the person. */
const QUIET_SPLICE_ERRORS = new Set(['rate_limited', 'stale_base', 'bad_splice']);

class Playground {
  views = new Map();
  #codeShown = '';
  #noticeTimer = 0;

  constructor(connection) {
    this.connection = connection;
    this.texts = new FieldTexts(connection);
    this.store = new Store(this.texts);
    this.header = new Header({ onRetry: () => connection.retryNow(), onEnded: (reason) => this.#end(reason) });
    this.offline = byId('phone-offline');
    this.screens = byId('screens');
    this.editing = new TextEditing({
      root: this.screens,
      texts: this.texts,
      nameOf: (input) => {
        const view = this.views.get(input.closest?.('section.screen')?.dataset.screen);
        const key = view?.valueKeyOf(input);
        return key ? fieldName(view.id, key) : null;
      },
      inputOf: (name) => {
        const slash = name.indexOf('/');
        return this.views.get(name.slice(0, slash))?.inputForValue(name.slice(slash + 1)) ?? null;
      },
    });
    this.notice = byId('notice');
    this.tabs = new Tabs(byId('tabs'), byId('screen-panel'), (screen) => this.#navigate(screen));
    this.keyboard = new SimulatedKeyboard(byId('keyboard'), {
      onToolbar: (action) => this.#send({ action }),
      onReturn: () => this.#returnKey(),
    });
    this.inspector = new Inspector(byId('inspector'));
    this.eventLog = new EventLog(byId('event-log'));
    this.code = new CodePanel(byId('code'), byId('code-screen'));
    this.announcer = new Announcer(byId('announcer'));
    this.follower = new FocusFollower({
      root: byId('screen-panel'),
      phone: byId('screen-panel').closest('.phone'),
      viewOf: () => (this.store.ready ? this.views.get(this.store.screen) : null),
      session: () => {
        const state = this.store.screenState();
        return { screen: this.store.screen, focus: state.focus ?? null, focusedField: state.focusedField ?? null };
      },
      hasPendingFocusMove: () => connection.hasPendingAction('focus'),
      typingPause: () => this.editing.typingPause(),
      requestFocus: (screen, key) => connection.send({ screen, action: 'focus', key }),
    });
    this.#wireSettings();
    connection.addEventListener('message', (event) => this.#receive(event.detail.message, event.detail.newConnection));
    connection.addEventListener('status', (event) => {
      this.header.showConnection(event.detail);
      this.#showWaiting();
    });
    connection.addEventListener('pending', () => this.#showWaiting());
    addEventListener('pagehide', () => this.texts.keepUnsentEdits());
    this.header.showConnection(connection.status);
  }

  #receive(message, newConnection) {
    switch (message.type) {
      case 'snapshot':
        this.store.applySnapshot(message, newConnection);
        this.#buildViews();
        this.#render();
        this.follower.apply({ force: true });
        break;
      case 'update':
        // An update the snapshot already contains changes nothing.
        if (!this.store.ready || message.revision <= this.store.revision) return;
        if (!this.store.applyUpdate(message)) {
          this.connection.resync();
          return;
        }
        this.#render();
        this.#reactTo(message);
        // The person's own focus moves are followed at once; everyone else's wait for a pause in typing.
        this.follower.apply({ own: message.by === this.store.you.member && movesFocus(message.events) });
        break;
      case 'presence':
        if (!this.store.ready) return;
        this.store.applyPresence(message);
        this.header.showPeople(this.store.people(), this.store.count);
        break;
      case 'ack':
        if (this.texts.answer(message)) return;
        if (this.store.ready) this.follower.apply({ force: true });
        break;
      case 'error': {
        const splice = this.texts.answer(message);
        // An unknown session is explained once, by the page that replaces the playground.
        if (message.code !== 'unknown_session' && !(splice && QUIET_SPLICE_ERRORS.has(message.code))) this.#showNotice(message.message);
        if (splice || !this.store.ready) return;
        this.#render();
        this.follower.apply({ force: true });
        break;
      }
      default:
        break;
    }
  }

  #buildViews() {
    if (this.views.size) return;
    const intents = {
      submit: (screen) => this.connection.send({ screen, action: 'submit' }),
      act: (screen, fields) => this.connection.send({ screen, ...fields }),
    };
    for (const module of SCREEN_MODULES) {
      const declaration = this.store.schema[module.id];
      if (!declaration) continue;
      const view = new ScreenView({ id: module.id, declaration, module, intents });
      this.views.set(module.id, view);
      this.screens.append(view.element);
    }
    this.tabs.build([...this.views.values()].map((view) => ({ id: view.id, title: view.declaration.title })));
  }

  #render() {
    const { store } = this;
    const screen = store.screen;
    const state = store.screenState();
    this.follower.quietly(() => {
      for (const [id, view] of this.views) {
        view.element.hidden = id !== screen;
        view.render(store.screenState(id), {
          owner: this.#owner(id),
          textOf: (key, input) => this.editing.textToDraw(fieldName(id, key), input),
        });
      }
    });
    this.tabs.select(screen);
    const view = this.views.get(screen);
    this.keyboard.show({ field: view?.fieldFor(state.focusedField), toolbar: state.toolbar ?? null });
    this.inspector.render({ schema: store.schema, screen, state });
    // No focus reads `nil` in the log, as the keyboard-dip lesson calls it.
    this.eventLog.render(store.log, (member) => store.person(member),
      (on, key) => (key === null ? 'nil' : keyLabel(store.schema, store.screenState(on), on, key)));
    this.header.showPeople(store.people(), store.count);
    // A switch someone just flipped here keeps its new position until the server answers.
    if (!this.connection.hasPendingAction('configure')) {
      this.animated.checked = store.settings.animatedFocusChange;
      this.ambiguous.checked = store.settings.ambiguousAddressBinding;
    }
    const codeKey = `${screen}|${store.settings.animatedFocusChange}|${store.settings.ambiguousAddressBinding}`;
    if (codeKey !== this.#codeShown && view) {
      this.#codeShown = codeKey;
      this.code.show(view.declaration.title, view.module.code(store.settings));
    }
  }

  /** The keyboard dip, the highlighted code line and the announcement that go with one update. */
  #reactTo(update) {
    const { store } = this;
    const events = update.events ?? [];
    if (passesThroughNil(events, store.screen)) this.keyboard.dip();
    this.code.highlight(highlightTags(events, store.screen));
    const moves = events.filter((event) => event.kind === 'focus' && event.screen === store.screen);
    const who = store.person(update.by);
    if (!moves.length || who.isYou) return;
    const to = moves.at(-1).to;
    const where = keyLabel(store.schema, store.screenState(), store.screen, to);
    const by = update.by === null ? 'auto-focus' : who.name;
    this.announcer.say(to === null ? `Focus released by ${by}` : `Focus moved to ${where} by ${by}`);
  }

  #owner(screen) {
    const move = this.store.lastFocusMove(screen);
    return move ? this.store.person(move.by) : null;
  }

  #send(fields) {
    this.connection.send({ screen: this.store.screen, ...fields });
  }

  #navigate(screen) {
    if (this.store.ready && screen !== this.store.screen) this.#send({ action: 'navigate', to: screen });
  }

  /** The simulated Return key: a newline in the editor, a submit anywhere else. */
  #returnKey() {
    const state = this.store.screenState();
    const view = this.views.get(this.store.screen);
    const field = view?.fieldFor(state.focusedField);
    if (field?.kind === 'editor') {
      typeInto(field.input, '\n');
    } else {
      this.#send({ action: 'submit' });
    }
  }

  #wireSettings() {
    const follow = byId('setting-follow');
    follow.checked = this.follower.follow;
    follow.addEventListener('change', () => this.follower.setFollow(follow.checked));
    this.animated = byId('setting-animated');
    this.ambiguous = byId('setting-ambiguous');
    this.animated.addEventListener('change', () => this.#send({ action: 'configure', settings: { animatedFocusChange: this.animated.checked } }));
    this.ambiguous.addEventListener('change', () => this.#send({ action: 'configure', settings: { ambiguousAddressBinding: this.ambiguous.checked } }));
  }

  /** The phone says itself when it is offline, and how many changes it holds for the server. */
  #showWaiting() {
    const { state } = this.connection.status;
    const count = this.connection.pending.length;
    const offline = state !== 'connected' && state !== 'ended';
    this.offline.hidden = !offline;
    this.offline.textContent = offline ? `Offline — ${count === 0 ? 'nothing' : count} ${count === 1 ? 'change' : 'changes'} waiting` : '';
  }

  /** The session cannot be reached again: one explanation and one way forward replace the playground. */
  #end(reason) {
    byId('session-ended-reason').textContent = reason;
    byId('session-ended').hidden = false;
  }

  #showNotice(text) {
    clearTimeout(this.#noticeTimer);
    this.notice.textContent = text ?? '';
    this.#noticeTimer = setTimeout(() => { this.notice.textContent = ''; }, NOTICE_MS);
  }
}

/** Whether an update's events move focus (or change screens). */
function movesFocus(events) {
  return events.some((event) => event.kind === 'focus' || event.kind === 'navigate');
}

async function start() {
  const connectionStatus = byId('connection-text');
  const sessionId = await resolveSession((retryAt) => {
    connectionStatus.textContent = `Server unreachable, retrying in ${Math.ceil((retryAt - Date.now()) / 1000)} s`;
  });
  const connection = new Connection({
    sessionId, clientId: tabClientId(), renewClientId: () => tabClientId({ renew: true }),
  });
  new Playground(connection);
  connection.start();
  // Hooks for the browser tests and for demos; nothing on the page calls them.
  window.focusSync = Object.freeze({
    debug: Object.freeze({
      dropConnection: (holdMs) => connection.drop(holdMs),
      pendingIntents: () => connection.pending.length,
    }),
  });
}

start();
