// Which session this page is in, and which client this tab is.

const RETRY_MS = [1000, 2000, 4000, 8000];

/**
 * The session id from `?session=`, or a new session created with `POST /api/sessions` (the address
 * bar then shows the shareable link, without a reload). Retries while the server is unreachable,
 * reporting each wait through `onWaiting(retryAt)`.
 */
export async function resolveSession(onWaiting) {
  const existing = new URLSearchParams(location.search).get('session');
  if (existing) return existing;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch('api/sessions', { method: 'POST', headers: { Accept: 'application/json' } });
      if (response.ok) {
        const { id } = await response.json();
        if (typeof id === 'string' && id) {
          const url = new URL(location.href);
          url.searchParams.set('session', id);
          history.replaceState(null, '', url);
          return id;
        }
      }
    } catch {
      // Unreachable: wait and try again below.
    }
    const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
    onWaiting(Date.now() + delay);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

const CLIENT_KEY = 'focusSync.clientId';
/** The client id of the page running in this tab, set while it runs (see tabClientId). */
const LIVE_KEY = 'focusSync.clientLive';

/**
 * A client id per tab (`[A-Za-z0-9_-]`, kept in sessionStorage so reconnects and reloads keep
 * it), read once as the page starts; `renew` replaces it. A duplicated tab (or a window opened
 * from this one) starts with a copy of its original's sessionStorage, and with it the mark that
 * a page runs with that id: it takes an id of its own, so it joins as a new member and never
 * as its original (who may present). A page leaving the tab (a reload) takes the mark away.
 */
export function tabClientId({ renew = false } = {}) {
  const stored = sessionStorage.getItem(CLIENT_KEY);
  const copied = stored !== null && sessionStorage.getItem(LIVE_KEY) === stored;
  let id = stored;
  if (!stored || renew || copied) {
    const bytes = crypto.getRandomValues(new Uint8Array(9));
    id = `tab-${Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0')).join('')}`;
    sessionStorage.setItem(CLIENT_KEY, id);
  }
  sessionStorage.setItem(LIVE_KEY, id);
  return id;
}

/** Keeps the mark of tabClientId while this page shows, and only then. */
export function markTabWhileShown() {
  addEventListener('pagehide', () => sessionStorage.removeItem(LIVE_KEY));
  addEventListener('pageshow', (event) => {
    if (event.persisted) sessionStorage.setItem(LIVE_KEY, sessionStorage.getItem(CLIENT_KEY));
  });
}

const NAME_KEY = 'focusSync.name';

/** The name this tab chose (kept for the tab's life, reloads included), or null. */
export function tabName() {
  return sessionStorage.getItem(NAME_KEY) || null;
}

export function setTabName(name) {
  sessionStorage.setItem(NAME_KEY, name);
}

/** This page's address, joining the session by `capability` (the editor id or the viewer one). */
export function sessionLink(capability) {
  const url = new URL(location.href);
  url.search = new URLSearchParams({ session: capability }).toString();
  url.hash = '';
  return url.href;
}

/** Copies the session link; resolves to `true` when the clipboard took it. */
export async function copyLink(url) {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}
