// The playground: the views of one session wired to its connection (main.js makes both).

import { byId } from './dom.js';
import { tabName } from './session.js';
import { ErrorCode, EventKind } from './protocol.js';
import { Store, pastStore } from './store.js';
import { FieldTexts, fieldName } from './field-texts.js';
import { TextEditing, typeInto } from './text-editing.js';
import { Header } from './header.js';
import { Tabs } from './tabs.js';
import { ScreenView } from './screens/screen-view.js';
import { SCREEN_MODULES } from './screens/index.js';
import { FocusFollower } from './focus-follower.js';
import { SimulatedKeyboard } from './keyboard.js';
import { Inspector } from './inspector.js';
import { EventLog } from './event-log.js';
import { CodePanel, highlightTags } from './code-panel.js';
import { Announcer } from './announcer.js';
import { keyLabel } from './keys.js';
import { LessonPanel, fetchLessons, goalEvents } from './lessons.js';
import { Timeline } from './timeline.js';
import { NameChooser } from './name-chooser.js';
import { SettingsPanel } from './settings-panel.js';
import { ProgramPage } from './program/program-page.js';
import { ExamplesMenu } from './program/examples.js';

const NOTICE_MS = 6000;
/** Refusals of a splice the page recovers from by itself: nothing to tell the person. */
const QUIET_SPLICE_ERRORS = new Set([ErrorCode.rateLimited, ErrorCode.staleBase, ErrorCode.badSplice]);
/** Why the page changes nothing, told on the controls that do nothing. */
const LOCKED = {
  viewer: 'You are watching: only the people with the edit link change this session.',
  past: 'This is the past: press Live to change the session again.',
};

export class Playground {
  views = new Map();
  #codeShown = '';
  #noticeTimer = 0;
  /** The session at the revision the timeline shows (a Store, read-only), or null while live. */
  past = null;
  /** The events of the last live update, to light their code line again after the past. */
  #lastEvents = [];
  #toldReadOnly = false;

  constructor(connection) {
    this.connection = connection;
    this.texts = new FieldTexts(connection);
    this.store = new Store(this.texts);
    this.header = new Header({ onRetry: () => connection.retryNow() });
    this.screens = byId('screens');
    this.editing = new TextEditing({
      root: this.screens,
      texts: this.texts,
      nameOf: (input) => {
        const view = this.#view(input.closest?.('section.screen')?.dataset.screen);
        const key = view?.valueKeyOf(input);
        return key ? fieldName(view.id, key) : null;
      },
      inputOf: (name) => {
        const slash = name.indexOf('/');
        return this.#view(name.slice(0, slash))?.inputForValue(name.slice(slash + 1)) ?? null;
      },
    });
    this.notice = byId('notice');
    this.tabs = new Tabs(byId('tabs'), byId('screen-panel'), (screen) => this.#navigate(screen));
    this.keyboard = new SimulatedKeyboard(byId('keyboard'), {
      onToolbar: (action) => this.#intent({ action }),
      onReturn: () => this.#returnKey(),
    });
    this.inspector = new Inspector(byId('inspector'));
    this.eventLog = new EventLog(byId('event-log'));
    this.code = new CodePanel(byId('code'), byId('code-screen'));
    const examples = new ExamplesMenu({ onNotice: (text) => this.#showNotice(text) });
    this.program = new ProgramPage({
      intents: {
        tap: (key) => this.#afterTyping({ action: 'tap', key }),
        submit: () => this.#afterTyping({ action: 'submit' }),
        restart: () => this.#afterTyping({ action: 'restart' }),
      },
      sessionId: () => connection.sessionId,
      onNotice: (text) => this.#showNotice(text),
      opener: examples,
    });
    this.announcer = new Announcer(byId('announcer'));
    this.lessons = new LessonPanel({
      onLesson: (lesson, step) => this.#intent({ action: 'lesson', lesson, step }),
      announcer: this.announcer,
    });
    this.timeline = new Timeline({
      ask: (revision) => connection.tell({ type: 'history', revision }),
      onChange: () => this.#timeMoved(),
    });
    new NameChooser({
      current: () => (this.store.ready ? this.store.person(this.store.you.member).name : tabName()),
      onName: (name) => connection.tell({ type: 'rename', name }),
    });
    this.follower = new FocusFollower({
      root: byId('screen-panel'),
      phone: byId('screen-panel').closest('.phone'),
      viewOf: () => (this.store.ready ? this.#view(this.store.screen) : null),
      session: () => {
        const state = this.store.screenState();
        return { screen: this.store.screen, focus: state.focus ?? null, focusedField: state.focusedField ?? null };
      },
      hasPendingFocusMove: () => connection.hasPendingAction('focus'),
      typingPause: () => this.editing.typingPause(),
      requestFocus: (screen, key) => this.#intent({ screen, action: 'focus', key }),
      enabled: () => this.#editable(),
    });
    this.settings = new SettingsPanel({
      follower: this.follower,
      configure: (settings) => this.#intent({ action: 'configure', settings }),
      configuring: () => connection.hasPendingAction('configure'),
    });
    connection.addEventListener('message', (event) => this.#receive(event.detail.message, event.detail.newConnection));
    connection.addEventListener('status', (event) => {
      this.header.showConnection(event.detail);
      this.#showWaiting();
    });
    connection.addEventListener('pending', () => this.#showWaiting());
    addEventListener('pagehide', () => this.texts.keepUnsentEdits());
    this.header.showConnection(connection.status);
    fetchLessons().then((lessons) => {
      this.lessons.setCatalogue(lessons);
      if (this.store.ready) this.#render();
    });
  }

  #receive(message, newConnection) {
    switch (message.type) {
      case 'snapshot':
        this.store.applySnapshot(message, newConnection);
        this.header.showLinks({ role: this.store.role, id: this.connection.sessionId, viewer: this.store.viewer });
        this.#buildViews();
        if (newConnection) this.timeline.reconnected();
        this.#render();
        if (this.store.program) this.program.markFromLog(this.store.log);
        this.follower.apply({ force: true });
        break;
      case 'update':
        // An update the snapshot already contains changes nothing.
        if (!this.store.ready || message.revision <= this.store.revision) return;
        if (!this.store.applyUpdate(message)) {
          this.connection.resync();
          return;
        }
        this.#lastEvents = message.events ?? [];
        this.#render();
        if (this.timeline.past) return;
        this.#reactTo(message);
        // The person's own focus moves are followed at once; everyone else's wait for a pause in typing.
        this.follower.apply({ own: message.by === this.store.you.member && movesFocus(message.events) });
        break;
      case 'presence':
        if (!this.store.ready) return;
        this.store.applyPresence(message);
        // A person who left takes their name tag with them.
        this.#render();
        break;
      case 'past':
        if (!this.store.ready || !this.timeline.answered(message)) return;
        this.past = pastStore(this.store, message);
        this.#render();
        if (this.past.program) this.program.markFromLog(this.past.log, message.revision);
        else this.code.highlight(highlightTags(eventsAt(message.log, message.revision), this.past.screen));
        break;
      case 'ack':
        if (this.texts.answer(message)) return;
        if (this.store.ready) this.follower.apply({ force: true });
        break;
      case 'error': {
        // Without a seq, a request for the past was refused: the timeline asks again if it still wants it.
        if (message.code === ErrorCode.rateLimited && !Number.isInteger(message.seq)) {
          this.timeline.rateLimited();
          return;
        }
        if (message.code === ErrorCode.readOnly) {
          this.#tellReadOnly();
          return;
        }
        const splice = this.texts.answer(message);
        // An unknown session is explained once, by the page that replaces the playground.
        if (message.code !== ErrorCode.unknownSession && !(splice && QUIET_SPLICE_ERRORS.has(message.code))) this.#showNotice(message.message);
        if (splice || !this.store.ready) return;
        this.#render();
        this.follower.apply({ force: true });
        break;
      }
      default:
        break;
    }
  }

  /** The view drawing `screen`: a built-in screen's, or the program's while it shows that screen. */
  #view(screen) {
    if (this.store.ready && this.store.program) return this.program.view.id === screen ? this.program.view : null;
    return this.views.get(screen) ?? null;
  }

  #buildViews() {
    if (this.store.program) {
      this.program.enter(this.screens);
      return;
    }
    if (this.views.size) return;
    const intents = {
      submit: (screen) => this.#intent({ screen, action: 'submit' }),
      act: (screen, fields) => this.#intent({ screen, ...fields }),
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

  /**
   * Draws the session as the page shows it: the live copy, or the past the timeline rests on
   * (everything read-only and marked as the past, while the live copy keeps up underneath).
   */
  #render() {
    const { store } = this;
    const shown = this.past ?? store;
    const screen = shown.screen;
    const state = shown.screenState();
    const locked = this.#lockedBecause();
    const textOf = this.past
      ? (id) => (key) => this.past.texts.text(fieldName(id, key))
      : (id) => (key, input) => this.editing.textToDraw(fieldName(id, key), input);
    this.header.showPeople(store.people(), store.count);
    this.header.showRole(store.role, store.presenter());
    this.settings.render({ settings: shown.settings, lockedText: locked && LOCKED[locked], viewer: store.role === 'viewer', program: Boolean(store.program) });
    this.timeline.follow({ earliest: store.earliest, latest: store.revision });
    document.documentElement.dataset.time = this.timeline.past ? 'past' : 'live';
    if (shown.program) {
      this.#renderProgram(shown, locked, textOf(shown.screen));
      return;
    }
    this.follower.quietly(() => {
      for (const [id, view] of this.views) {
        view.element.hidden = id !== screen;
        view.render(shown.screenState(id), { owner: shown.focusOwner(id), textOf: textOf(id), locked: Boolean(locked) });
      }
    });
    this.tabs.select(screen, Boolean(locked));
    const view = this.views.get(screen);
    this.keyboard.show({ field: view?.fieldFor(state.focusedField), toolbar: state.toolbar ?? null, locked: Boolean(locked) });
    this.inspector.render({ schema: shown.schema, screen, state });
    // No focus reads `nil` in the log, as the keyboard-dip lesson calls it.
    this.eventLog.render(shown.log, (member) => shown.person(member),
      (on, key) => (key === null ? 'nil' : keyLabel(shown.schema, shown.screenState(on), on, key)));
    const codeKey = `${screen}|${shown.settings.animatedFocusChange}|${shown.settings.ambiguousAddressBinding}`;
    if (codeKey !== this.#codeShown && view) {
      this.#codeShown = codeKey;
      this.code.show(view.declaration.title, view.module.code(shown.settings));
    }
    const step = this.lessons.render(shown.lesson, { locked: locked && LOCKED[locked], announce: !this.past });
    this.lessons.offerFor(Object.keys(shown.schema), screen);
    const onLessonScreen = step && step.screen === screen;
    const goal = step ? goalEvents(step.goal).map((pattern) => ({ screen: step.screen, ...pattern })) : [];
    this.lessons.showWhere(this.code.markLesson(onLessonScreen ? step.swift : null, highlightTags(goal, screen)));
  }

  /** A session running its own source: its drawn screen, its source, its screens as tabs. */
  #renderProgram(shown, locked, textOf) {
    const { program } = this;
    const state = shown.screenState();
    this.follower.quietly(() => {
      program.render(shown, { owner: shown.focusOwner(shown.screen), textOf, locked: Boolean(locked) }, { editable: !locked, viewer: this.store.role === 'viewer', live: this.store.program });
    });
    this.tabs.build(shown.program.screens.map((name) => ({ id: name, title: name })));
    this.tabs.select(shown.screen, Boolean(locked));
    this.keyboard.show({ field: program.view.fieldFor(state.focusedField), toolbar: null, tools: program.view.keyboardTools, locked: Boolean(locked) });
    this.eventLog.render(shown.log, (member) => shown.person(member), (on, key) => program.label(key));
    this.code.caption.textContent = `· ${shown.program.drawn.name}`;
    // A lesson on a source: its step's Swift is a line of the source; the marked line stays the
    // one that ran.
    this.lessons.render(shown.lesson, { locked: locked && LOCKED[locked], announce: !this.past });
    this.lessons.offerFor(shown.program.screens, shown.screen);
    this.lessons.showWhere(null);
  }

  /** Why nothing on the page may change the session (`viewer` or `past`), or null. */
  #lockedBecause() {
    if (this.store.role === 'viewer') return 'viewer';
    return this.timeline.past ? 'past' : null;
  }

  #editable() {
    return this.store.ready && this.#lockedBecause() === null;
  }

  /**
   * Sends an intent (`screen` defaults to the current one) unless the page is locked: a viewer and
   * the past change nothing, and say why instead.
   */
  #intent(fields) {
    if (!this.store.ready) return null;
    const locked = this.#lockedBecause();
    if (locked) {
      this.#showNotice(LOCKED[locked]);
      return null;
    }
    return this.connection.send({ screen: this.store.screen, ...fields });
  }

  /** The server refused an intent from this watch-only page: said once, calmly. */
  #tellReadOnly() {
    if (this.#toldReadOnly) return;
    this.#toldReadOnly = true;
    this.#showNotice(LOCKED.viewer);
  }

  /** The timeline left the live copy, or came back to it. */
  #timeMoved() {
    this.editing.paused = this.timeline.past;
    if (!this.timeline.past) this.past = null;
    this.#render();
    if (this.past === null && !this.timeline.past) {
      if (this.store.program) this.program.markFromLog(this.store.log);
      else this.code.highlight(highlightTags(this.#lastEvents, this.store.screen));
      this.follower.apply({ force: true });
    }
  }

  /** The keyboard dip, the highlighted code line and the announcement that go with one update. */
  #reactTo(update) {
    const { store } = this;
    const events = update.events ?? [];
    if (update.keyboardDips?.includes(store.screen)) this.keyboard.dip();
    if (store.program) this.program.react(update);
    else this.code.highlight(highlightTags(events, store.screen));
    const moves = events.filter((event) => event.kind === EventKind.focus && event.screen === store.screen);
    const who = store.person(update.by);
    if (!moves.length || who.isYou) return;
    const to = moves.at(-1).to;
    const where = store.program ? this.program.label(to) : keyLabel(store.schema, store.screenState(), store.screen, to);
    const by = update.by === null ? 'auto-focus' : who.name;
    this.announcer.say(to === null ? `Focus released by ${by}` : `Focus moved to ${where} by ${by}`);
  }

  #navigate(screen) {
    if (this.store.ready && screen !== this.store.screen) this.#intent({ action: 'navigate', to: screen });
  }

  /** The simulated Return key: a newline in the editor, a submit anywhere else. */
  #returnKey() {
    const state = this.store.screenState();
    const view = this.#view(this.store.screen);
    const field = view?.fieldFor(state.focusedField);
    if (field?.kind === 'editor') {
      if (this.#editable()) typeInto(field.input, '\n');
    } else {
      this.#afterTyping({ action: 'submit' });
    }
  }

  /** An intent sent once the text typed before it has gone out, so the server sees both in the order they were made. */
  #afterTyping(fields) {
    const screen = this.store.screen;
    this.texts.afterTyping(() => this.#intent({ screen, ...fields }));
  }

  #showWaiting() {
    this.header.showWaiting(this.connection.status, this.connection.pending.length);
  }

  #showNotice(text) {
    clearTimeout(this.#noticeTimer);
    this.notice.textContent = text ?? '';
    this.#noticeTimer = setTimeout(() => { this.notice.textContent = ''; }, NOTICE_MS);
  }
}

/** The events of `revision` in a log (`[{revision, event}]`). */
function eventsAt(log, revision) {
  return log.filter((entry) => entry.revision === revision).map((entry) => entry.event);
}

/** Whether an update's events move focus (or change screens). */
function movesFocus(events) {
  return events.some((event) => event.kind === EventKind.focus || event.kind === EventKind.navigate);
}
