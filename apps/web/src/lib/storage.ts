/** Every localStorage key the app uses, so none is spelled twice. */
export const storageKeys = {
  token: 'token',
  lastLogin: 'lastLogin',
  notFoundRedirect: 'notFoundRedirect',
  remoteConfig: 'remoteConfig',
  /** The user said no to desktop notifications (in the bell, or the browser's own prompt). */
  desktopNotificationsRefused: 'desktopNotificationsRefused',
  /** The server said it has no Twilio account (the sandbox): the pane simulates calls instead. */
} as const;

export function getToken(): string | null {
  return localStorage.getItem(storageKeys.token);
}

type TokenListener = (token: string | null) => void;
const tokenListeners = new Set<TokenListener>();

function notifyTokenChange(token: string | null) {
  for (const listener of tokenListeners) listener(token);
}

/**
 * Calls `listener` with the stored token whenever it changes: here (sign-in, refresh, sign-out) or
 * in another tab of the app, which shares the storage and rotates the same session. An open socket
 * hands the new token on, so it is not closed when its old one runs out.
 */
export function onTokenChange(listener: TokenListener): () => void {
  function handleStorage(event: StorageEvent) {
    // `key` is null when the other tab cleared the storage as a whole (sign-out).
    if (event.key === storageKeys.token || event.key === null) listener(getToken());
  }
  tokenListeners.add(listener);
  window.addEventListener('storage', handleStorage);
  return () => {
    tokenListeners.delete(listener);
    window.removeEventListener('storage', handleStorage);
  };
}

export function setToken(token: string): void {
  const previous = getToken();
  localStorage.setItem(storageKeys.token, token);
  if (token !== previous) notifyTokenChange(token);
}

/** Stores the token of a fresh sign-in and starts the session clock. */
export function startSession(token: string, now: number = Date.now()): void {
  setToken(token);
  localStorage.setItem(storageKeys.lastLogin, String(now));
}

/** Milliseconds since the epoch of the last sign-in, or null when none (or unreadable) is stored. */
export function getLastLogin(): number | null {
  const raw = localStorage.getItem(storageKeys.lastLogin);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function setNotFoundRedirectFlag(): void {
  localStorage.setItem(storageKeys.notFoundRedirect, 'true');
}

/** Reads and removes the one-time flag: true at most once per flag set. */
export function consumeNotFoundRedirectFlag(): boolean {
  const isSet = localStorage.getItem(storageKeys.notFoundRedirect) === 'true';
  localStorage.removeItem(storageKeys.notFoundRedirect);
  return isSet;
}

export function getStoredJson(key: string): unknown {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function setStoredJson(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}

/** The spec signs out by clearing local storage as a whole. */
export function clearStorage(): void {
  const hadToken = getToken() !== null;
  localStorage.clear();
  if (hadToken) notifyTokenChange(null);
}
