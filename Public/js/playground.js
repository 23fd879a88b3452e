// The playground: the views of one session wired to its connection (main.js makes both).

import { byId } from './dom.js';
import { tabName } from './session.js';
import { ErrorCode, EventKind } from './protocol.js';
import { Store, pastStore } from './store.js';
import { FieldTexts, fieldName, fieldInputs, SOURCE_FIELD } from './field-texts.js';
import { TextEditing, typeInto } from './text-editing.js';
import { Header } from './header.js';
import { Tabs } from './tabs.js';
import { FocusFollower } from './focus-follower.js';
import { SimulatedKeyboard } from './keyboard.js';
import { EventLog } from './event-log.js';
import { Announcer } from './announcer.js';
import { LessonPanel, fetchLessons } from './lessons.js';
import { LessonWriter } from './lesson-writer.js';
import { Timeline } from './timeline.js';
import { NameChooser } from './name-chooser.js';
import { SettingsPanel } from './settings-panel.js';
import { PresenterControls } from './presenter.js';
import { PresentationPanel } from './presentation-panel.js';
import { ProgramPage } from './program/program-page.js';
import { ExamplesMenu } from './program/examples.js';
import { SourceCarets } from './program/source-carets.js';
import { OwnCaret } from './program/own-caret.js';
import { SourceView } from './program/source-view.js';
import { heldStatement } from './program/source-step.js';
import { lockedBecause, lockedSentence } from './page-lock.js';

const NOTICE_MS = 6000;
/** Refusals of a splice the page recovers from by itself: nothing to tell the person. */
const QUIET_SPLICE_ERRORS = new Set([ErrorCode.rateLimited, ErrorCode.staleBase, ErrorCode.badSplice]);
/** The Step messages for Back, Forward and Finish. */
const STEP_MOVES = { back: 'stepBack', forward: 'stepForward', finish: 'stepFinish' };

export class Playground {
  #noticeTimer = 0;
  /** The session at the revision the timeline shows (a Store, read-only), or null while live. */
  past = null;
  #toldReadOnly = false;

  constructor(connection) {
    this.connection = connection;
    this.texts = new FieldTexts(connection);
    this.store = new Store(this.texts);
    this.header = new Header({ onRetry: () => connection.retryNow() });
    this.notice = byId('notice');
    const examples = new ExamplesMenu({ onNotice: (text) => this.#showNotice(text) });
    this.announcer = new Announcer(byId('announcer'));
    this.program = new ProgramPage({
      intents: {
        tap: (key) => this.#afterTyping({ action: 'tap', key }),
        submit: () => this.#afterTyping({ action: 'submit' }),
        dismiss: (input) => this.#dismiss(input),
        restart: () => this.#afterTyping({ action: 'restart' }),
        step: (on) => connection.tell({ type: 'step', on }),
        stepMove: (move) => connection.tell({ type: STEP_MOVES[move] }),
      },
      opener: examples,
      announcer: this.announcer,
    });
    const { view, source } = this.program;
    this.editing = new TextEditing({
      roots: [byId('screens'), byId('source-editor')],
      texts: this.texts,
      ...fieldInputs({ ready: () => this.store.ready, view, source }),
    });
    // Where everyone else is in the source, and where this person is, told to them.
    this.carets = new SourceCarets({
      texts: this.texts, editor: source.editor, people: () => this.store.people(), status: byId('source-people'),
    });
    this.ownCaret = new OwnCaret({
      input: source.input, texts: this.texts, tell: (message) => connection.tell(message), enabled: () => this.#editable(),
    });
    // The presenter's scroll of the source, told; a viewer's source follows it.
    this.sourceView = new SourceView({
      editor: source.editor, tell: (message) => connection.tell(message),
      presenting: () => this.store.ready && this.#editable() && this.store.presenter()?.isYou === true,
    });
    this.tabs = new Tabs(byId('tabs'), byId('screen-panel'), (screen) => this.#navigate(screen));
    this.keyboard = new SimulatedKeyboard(byId('keyboard'), {
      tools: view.keyboardTools, onReturn: () => this.#returnKey(), onDismiss: () => this.#dismiss(),
    });
    this.eventLog = new EventLog(byId('event-log'));
    this.lessons = new LessonPanel({
      onLesson: (lesson, step) => this.#intent({ action: 'lesson', lesson, step }),
      announcer: this.announcer,
    });
    this.writer = new LessonWriter({ onSave: (lesson) => this.#intent({ action: 'lesson', lesson }) });
    // The presenter steers everyone's page (the session refuses anyone else: `not_presenter`).
    const steer = (fields) => connection.tell({ type: 'presentation', ...fields });
    this.timeline = new Timeline({
      ask: (revision) => connection.tell({ type: 'history', revision }),
      onChange: () => this.#timeMoved(),
      tell: (revision) => this.store.presenting && steer({ revision }),
    });
    this.layout = new PresenterControls({ steer: (present) => steer({ present }) });
    this.presentation = new PresentationPanel({ tell: (message) => connection.tell(message) });
    new NameChooser({
      current: () => (this.store.ready ? this.store.person(this.store.you.member).name : tabName()),
      onName: (name) => connection.tell({ type: 'rename', name }),
    });
    this.follower = new FocusFollower({
      root: byId('screen-panel'),
      phone: byId('screen-panel').closest('.phone'),
      viewOf: () => this.#liveView(),
      session: () => ({ screen: this.store.screen, focused: this.store.focused }),
      hasPendingFocusMove: () => connection.hasPendingAction('focus'),
      typingPause: () => this.editing.typingPause(),
      requestFocus: (screen, key) => this.#intent({ screen, action: 'focus', key }),
      enabled: () => this.#editable(),
      note: byId('follow-note'),
      describeMove: () => this.store.focusMoveInWords(this.store.screen, (key) => this.program.label(key)),
      fieldName: (input) => this.program.label(view.keyOf(input)),
    });
    this.settings = new SettingsPanel({ follower: this.follower });
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
        this.carets.load(message);
        this.header.showLinks({ role: this.store.role, id: this.connection.sessionId, viewer: this.store.viewer });
        if (newConnection) {
          this.timeline.reconnected();
          this.ownCaret.reconnected();
          this.sourceView.reconnected();
        }
        // A page that comes (back) shows the presenter's place in the timeline.
        if (newConnection) this.#followTimeline(this.store.presentation.revision);
        this.#render();
        this.program.markFromLog(this.store.log);
        this.follower.apply({ force: true });
        break;
      case 'presentation': {
        if (!this.store.ready) return;
        const { revision, followLock } = this.store.presentation;
        this.store.applyPresentation(message);
        if (message.presentation.revision !== revision && !this.store.presenting) this.#followTimeline(message.presentation.revision);
        this.#render();
        if (message.presentation.followLock && !followLock) this.follower.apply({ force: true });
        break;
      }
      case 'update':
        // An update the snapshot already contains changes nothing.
        if (!this.store.ready || message.revision <= this.store.revision) return;
        if (!this.store.applyUpdate(message)) {
          this.connection.resync();
          return;
        }
        this.#render();
        if (this.timeline.past) return;
        this.#reactTo(message);
        // The person's own focus moves are followed at once; everyone else's wait for a pause in typing.
        this.follower.apply({ own: message.by === this.store.you.member && movesFocus(message.events) });
        break;
      case 'stepping': {
        if (!this.store.ready) return;
        const wasHeld = heldStatement(this.store.stepping) !== null;
        this.store.applyStepping(message);
        this.#render();
        const held = heldStatement(this.store.stepping) !== null;
        // The action finished (its update follows) or Step went off: the last event's line again.
        if (wasHeld && !held && !this.timeline.past) this.program.markFromLog(this.store.log);
        // Everyone else's phone stops responding: said once, on the notice line, as it starts.
        if (held && !wasHeld && this.store.stepping.by !== this.store.you?.member) this.#showNotice(this.#lockedSentence('stepping'));
        break;
      }
      case 'presence':
        if (!this.store.ready) return;
        this.store.applyPresence(message);
        // A person who left takes their name tag with them, and their caret.
        this.#render();
        break;
      case 'carets':
        if (!this.store.ready) break;
        this.carets.receive(message);
        this.#followPresenter();
        break;
      case 'past':
        if (!this.store.ready || !this.timeline.answered(message)) return;
        this.past = pastStore(this.store, message);
        this.#render();
        this.program.markFromLog(this.past.log, message.revision);
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
        if (message.code === ErrorCode.badLesson) this.writer.refused(message.message);
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

  /** The program's view while it draws the live session's screen (not the past's), or null. */
  #liveView() {
    const { view } = this.program;
    return this.store.ready && view.id === this.store.screen ? view : null;
  }

  /**
   * Draws the session as the page shows it: the live copy, or the past the timeline rests on
   * (everything read-only and marked as the past, while the live copy keeps up underneath): its
   * drawn screen, its source, its screens as tabs.
   */
  #render() {
    const { store, program } = this;
    const shown = this.past ?? store;
    const locked = this.#lockedBecause();
    const step = {
      stepping: store.stepping, editable: store.role === 'editor' && !this.timeline.past, you: store.you?.member,
      nameOf: (member) => store.person(member).name, live: !this.past,
    };
    const textOf = this.past
      ? (key) => this.past.texts.text(fieldName(shown.screen, key))
      : (key, input) => this.editing.textToDraw(fieldName(shown.screen, key), input);
    const sourceText = this.past ? this.past.texts.text(SOURCE_FIELD) : this.editing.textToDraw(SOURCE_FIELD, program.source.input);
    const { presentation } = store;
    this.header.showPeople(store.people(), store.count, presentation.presenter);
    this.header.showRole(store.role, store.presenter());
    this.settings.render({ viewer: store.role === 'viewer', locked: presentation.followLock });
    this.layout.follow({ present: presentation.present, presenting: store.presenting });
    const presenter = store.presenter();
    this.presentation.render({
      presentation, presenter, presenting: store.presenting,
      heirs: store.people().filter((person) => !person.isYou),
      // An editor may take the role while no tab of the presenter's is connected.
      you: store.role === 'editor' && presenter && !store.present.includes(presenter.member) ? store.you?.member : null,
    });
    this.timeline.follow({ earliest: store.earliest, latest: store.revision, marks: store.marks });
    document.documentElement.dataset.time = this.timeline.past ? 'past' : 'live';
    this.follower.quietly(() => {
      program.render(shown, { owner: shown.focusOwner(shown.screen), textOf, locked: Boolean(locked) },
        { editable: !locked, live: store.program, sourceText, step });
    });
    this.tabs.build(shown.program.screens.map((name) => ({ id: name, title: name })));
    this.tabs.select(shown.screen, Boolean(locked));
    this.keyboard.show({ field: program.view.fieldFor(shown.focused), locked: Boolean(locked) });
    this.eventLog.render(shown.log, (member) => shown.person(member), (key) => program.label(key));
    // A lesson's step names a line of the source; the marked line stays the one that ran.
    this.lessons.setCustom(shown.customLesson);
    this.lessons.render(shown.lesson, { locked: locked && this.#lockedSentence(locked), announce: !this.past });
    this.lessons.offerFor(shown.program.screens, shown.screen);
    this.carets.live = !this.past && !this.timeline.past;
    program.source.markLesson(this.lessons.markedLine);
    // A teacher writes for the live session; a viewer and the past only follow.
    this.writer.show(store.customLesson, { screen: store.screen, fileName: store.program.screens[0] || 'source' });
    this.writer.form.closest('details').hidden = Boolean(locked);
    this.sourceView.check();
    this.#followPresenter();
  }

  /** The timeline goes where the presenter's is (null: Live), unless it is there already. */
  #followTimeline(revision) { if (revision === null ? this.timeline.past : this.timeline.shown !== revision) this.timeline.steer(revision); }

  /** A viewer's source shows what the presenter's shows (the live source only). */
  #followPresenter() {
    const presenter = this.store.presenter();
    if (this.store.role !== 'viewer' || !presenter || this.past || this.timeline.past) return;
    this.sourceView.follow(this.carets.topOf(presenter.member));
  }

  #lockedBecause() { return lockedBecause(this.store, this.timeline); }

  #lockedSentence(locked) { return lockedSentence(locked, this.store); }

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
      this.#showNotice(this.#lockedSentence(locked));
      return null;
    }
    return this.connection.send({ screen: this.store.screen, ...fields });
  }

  /** The server refused an intent from this watch-only page: said once, calmly. */
  #tellReadOnly() {
    if (this.#toldReadOnly) return;
    this.#toldReadOnly = true;
    this.#showNotice(lockedSentence('viewer', this.store));
  }

  /** The timeline left the live copy, or came back to it. */
  #timeMoved() {
    this.editing.paused = this.timeline.past;
    if (!this.timeline.past) this.past = null;
    this.#render();
    if (this.past === null && !this.timeline.past) {
      this.program.markFromLog(this.store.log);
      this.follower.apply({ force: true });
    }
  }

  /** The keyboard dip, the marked source line and the announcement that go with one update. */
  #reactTo(update) {
    const { store } = this;
    const events = update.events ?? [];
    if (update.keyboardDips?.includes(store.screen)) this.keyboard.dip();
    this.program.react(update);
    const moves = events.filter((event) => event.kind === EventKind.focus && event.screen === store.screen);
    const who = store.person(update.by);
    if (!moves.length || who.isYou) return;
    const to = moves.at(-1).to;
    const by = update.by === null ? 'auto-focus' : who.name;
    this.announcer.say(to === null ? `Focus released by ${by}` : `Focus moved to ${this.program.label(to)} by ${by}`);
  }

  #navigate(screen) {
    if (this.store.ready && screen !== this.store.screen) this.#intent({ action: 'navigate', to: screen });
  }

  /** The simulated Return key: a newline in a text editor, a submit anywhere else. */
  #returnKey() {
    const field = this.#liveView()?.fieldFor(this.store.focused);
    if (field?.kind === 'editor') {
      if (this.#editable()) typeInto(field.input, '\n');
    } else {
      this.#afterTyping({ action: 'submit' });
    }
  }

  /**
   * The keyboard's dismiss key (or Escape in `input`, a field of the phone) lets go of the
   * session's focus there (the update blurs the field in every following browser); a field the
   * session's focus has left is only left.
   */
  #dismiss(input = this.#liveView()?.inputFor(this.store.focused)) {
    if (!input) return;
    if (this.program.view.keyOf(input) !== this.store.focused || !this.#editable()) {
      input.blur();
      return;
    }
    this.#afterTyping({ action: 'dismiss' });
    this.follower.quietly(() => input.blur());
  }

  /** An intent sent once the text typed before it has gone out, so the server sees both in the order they were made. */
  #afterTyping(fields) {
    const screen = this.store.screen;
    this.texts.afterTyping(() => this.#intent({ screen, ...fields }));
  }

  #showWaiting() {
    this.header.showWaiting(this.connection.status, this.connection.pending.length);
  }

  /** Says `text` on the notice line for a few seconds. */
  #showNotice(text) {
    clearTimeout(this.#noticeTimer);
    this.notice.textContent = text ?? '';
    this.#noticeTimer = setTimeout(() => { this.notice.textContent = ''; }, NOTICE_MS);
  }
}

/** Whether an update's events move focus (or change screens). */
function movesFocus(events) {
  return events.some((event) => event.kind === EventKind.focus || event.kind === EventKind.navigate);
}
