// The settings panel: Follow focus (this browser's own), and the session's two switches, which
// show the session's settings and change them for everyone (nothing while the page is locked).
// A session running its own source has no session settings: only Follow focus shows.

import { byId } from './dom.js';

export class SettingsPanel {
  /**
   * `follower`: the FocusFollower; `configure(settings)`: sends a `configure` intent;
   * `configuring()`: whether one of ours is unanswered.
   */
  constructor({ follower, configure, configuring }) {
    this.configuring = configuring;
    this.follow = byId('setting-follow');
    this.follow.checked = follower.follow;
    this.follow.addEventListener('change', () => follower.setFollow(this.follow.checked));
    this.animated = byId('setting-animated');
    this.ambiguous = byId('setting-ambiguous');
    this.locked = byId('settings-locked');
    this.sessionGroup = [...document.querySelectorAll('[data-settings=session]')];
    this.animated.addEventListener('change', () => configure({ animatedFocusChange: this.animated.checked }));
    this.ambiguous.addEventListener('change', () => configure({ ambiguousAddressBinding: this.ambiguous.checked }));
  }

  /**
   * `settings`: the shown settings; `lockedText`: why nothing may change, or null; `viewer`: this
   * page only watches; `program`: the session runs its own source.
   */
  render({ settings, lockedText, viewer, program }) {
    for (const element of this.sessionGroup) element.hidden = program;
    // A switch someone just flipped here keeps its new position until the server answers.
    if (!this.configuring()) {
      this.animated.checked = settings.animatedFocusChange;
      this.ambiguous.checked = settings.ambiguousAddressBinding;
    }
    for (const toggle of [this.animated, this.ambiguous]) toggle.disabled = Boolean(lockedText);
    // A watching browser never moves its own focus to follow: the session's focus ring shows it.
    this.follow.disabled = viewer;
    this.locked.textContent = lockedText && !program ? lockedText : '';
    this.locked.hidden = !lockedText || program;
  }
}
