// The playground page: joins (or creates) a session and wires the views to it (playground.js).

import { byId } from './dom.js';
import { markTabWhileShown, resolveSession, tabClientId, tabName } from './session.js';
import { Connection } from './connection.js';
import { Playground } from './playground.js';
import { ClassView } from './class-view.js';

async function start() {
  const connectionStatus = byId('connection-text');
  const sessionId = await resolveSession((retryAt) => {
    connectionStatus.textContent = `Server unreachable, retrying in ${Math.ceil((retryAt - Date.now()) / 1000)} s`;
  });
  markTabWhileShown();
  const connection = new Connection({
    sessionId, clientId: tabClientId(), renewClientId: () => tabClientId({ renew: true }), name: tabName,
  });
  const playground = new Playground(connection);
  new ClassView(connection);
  connection.start();
  // Hooks for the browser tests and for demos; nothing on the page calls them.
  window.focusSync = Object.freeze({
    debug: Object.freeze({
      dropConnection: (holdMs) => connection.drop(holdMs),
      pendingIntents: () => connection.pending.length,
      // Sends an intent whatever the page allows (a viewer's page sends none of its own).
      sendIntent: (fields) => connection.send(fields),
      // How long typing in a field keeps it against someone else's focus move (5 s unless set).
      setFollowIdle: (ms) => { playground.follower.idleMs = ms; },
    }),
  });
}

start();
