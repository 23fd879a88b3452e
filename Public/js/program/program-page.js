// What the page shows of the program a session runs: its screen on the phone (program-view.js),
// its source with the line of the last event (source-panel.js), the source's files and the
// inspector. The playground (playground.js) hands it the session as shown, and each live update.

import { byId } from '../dom.js';
import { EventKind } from '../protocol.js';
import { ProgramView } from './program-view.js';
import { SourcePanel } from './source-panel.js';
import { SourceFiles } from './source-files.js';
import { ProgramInspector } from './program-inspector.js';

export class ProgramPage {
  /**
   * `intents`: `{tap(key), submit(), dismiss(input), restart(), step(on), stepMove(move)}`; `opener`: what
   * starts a session from a source (the Examples menu); `announcer`: the page's polite voice.
   */
  constructor({ intents, opener, announcer }) {
    this.view = new ProgramView({ intents });
    byId('screens').append(this.view.element);
    this.source = new SourcePanel({
      onRestart: () => intents.restart(), onStep: (on) => intents.step(on), onStepMove: (move) => intents.stepMove(move),
      announcer,
    });
    this.files = new SourceFiles({ opener });
    this.inspector = new ProgramInspector(byId('inspector'));
    /** The code panel's heading names the screen drawn. */
    this.caption = byId('code-screen');
  }

  /**
   * Draws `shown` (a Store: live, or the past): `context` as a screen view's render takes it,
   * `editable`: this page may change the session; `live`: the session's program now (what
   * Download takes, even while the past shows);
   * `sourceText`: the source's text as the page shows it (null: leave the editor alone); `step`:
   * Step as the live session has it, `{stepping, editable, you, nameOf, live}` (SourcePanel.showStep).
   */
  render(shown, context, { editable, live = shown.program, sourceText, step }) {
    const { drawn } = shown.program;
    this.view.render(drawn, context);
    this.caption.textContent = `· ${drawn.name}`;
    this.source.show(shown.program, { editable, text: sourceText });
    // The live source's errors are news; while the past shows, they wait until the page is live.
    this.source.hear(live.diagnostics ?? [], { announce: shown.program === live });
    this.source.showStep(step.stepping, step);
    this.files.show(live);
    this.inspector.render({ drawn, titleOf: (key) => this.view.titleOf(key), last: shown.log[0] ?? null });
  }

  /**
   * The line the last event came from: an update's last event with a line marks it; one that
   * moved focus or changed screens from no line (a tap) takes the mark away; typing leaves it.
   */
  react(update) {
    const lines = (update.lines ?? []).filter((line) => Number.isInteger(line));
    if (lines.length) this.source.mark(lines.at(-1));
    else if (update.events.some((event) => event.kind === EventKind.focus || event.kind === EventKind.navigate)) this.source.mark(null);
  }

  /** The line of the newest logged event that has one (a snapshot, or the past on show). */
  markFromLog(log, revision = null) {
    const entry = log.find((candidate) => (revision === null || candidate.revision === revision) && candidate.line);
    this.source.mark(entry?.line ?? null);
  }

  /** The words for a control key in the log: its title as drawn now, or the key. */
  label(key) {
    return key === null ? 'nil' : this.view.titleOf(key) ?? key;
  }
}
