// Why a page may change nothing in the session now, and the sentence that says so on the
// controls that do nothing: a viewer, the timeline in the past, or an action held by Step.

import { heldStatement } from './program/source-step.js';

const SENTENCES = {
  viewer: 'You are watching: only the people with the edit link change this session.',
  past: 'This is the past: press Live to change the session again.',
};

/** `viewer`, `past` or `stepping` (an action is held by Step), or null when the page may change the session. */
export function lockedBecause(store, timeline) {
  if (store.role === 'viewer') return 'viewer';
  if (timeline.past) return 'past';
  return store.ready && heldStatement(store.stepping) ? 'stepping' : null;
}

/** Why nothing changes, in a sentence; `stepping` names who steps. */
export function lockedSentence(locked, store) {
  if (locked !== 'stepping') return SENTENCES[locked];
  const { by } = store.stepping;
  if (by === store.you?.member) return 'You are stepping through an action: step Forward, Finish it or turn Step off first.';
  return `${store.person(by).name} is stepping through an action: the session changes again once it finishes.`;
}
