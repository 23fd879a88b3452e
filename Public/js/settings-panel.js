// The settings panel: Follow focus, this browser's own: whether it moves its real focus to
// wherever the session's focus goes, unless the presenter keeps it on for everyone.

import { byId } from './dom.js';

export class SettingsPanel {
  /** `follower`: the FocusFollower. */
  constructor({ follower }) {
    this.follower = follower;
    this.follow = byId('setting-follow');
    this.lockedNote = byId('setting-follow-locked');
    this.follow.checked = follower.follow;
    this.follow.addEventListener('change', () => follower.setFollow(this.follow.checked));
  }

  /** `viewer`: this page only watches; `locked`: the presenter keeps Follow focus on. */
  render({ viewer, locked }) {
    this.follower.setLocked(locked && !viewer);
    // A watching browser never moves its own focus to follow: the session's focus ring shows it.
    this.follow.disabled = viewer || locked;
    this.follow.checked = locked || this.follower.follow;
    this.lockedNote.hidden = !locked || viewer;
  }
}
