// The settings panel: Follow focus, this browser's own: whether it moves its real focus to
// wherever the session's focus goes.

import { byId } from './dom.js';

export class SettingsPanel {
  /** `follower`: the FocusFollower. */
  constructor({ follower }) {
    this.follow = byId('setting-follow');
    this.follow.checked = follower.follow;
    this.follow.addEventListener('change', () => follower.setFollow(this.follow.checked));
  }

  /** `viewer`: this page only watches. */
  render({ viewer }) {
    // A watching browser never moves its own focus to follow: the session's focus ring shows it.
    this.follow.disabled = viewer;
  }
}
