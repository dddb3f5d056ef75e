/**
 * The API client cannot import the router or the toast system (it must stay React-free), so it
 * announces what happened here and the app decides how to show it.
 */
export type AuthEventMap = {
  /** A request stayed 403 after a token refresh. */
  forbidden: { message: string };
  /** Local storage was cleared because the session is over. */
  'signed-out': { reason: 'unauthorized' | 'refresh-failed' | 'session-expired' | 'user' };
};

export type AuthEventName = keyof AuthEventMap;
type Listener<E extends AuthEventName> = (payload: AuthEventMap[E]) => void;

const listeners: { [E in AuthEventName]: Set<Listener<E>> } = {
  forbidden: new Set(),
  'signed-out': new Set(),
};

/** Subscribes to an auth event; returns the unsubscribe function. */
export function onAuthEvent<E extends AuthEventName>(event: E, listener: Listener<E>): () => void {
  listeners[event].add(listener);
  return () => {
    listeners[event].delete(listener);
  };
}

export function emitAuthEvent<E extends AuthEventName>(event: E, payload: AuthEventMap[E]): void {
  for (const listener of listeners[event]) listener(payload);
}

export type Navigator = (to: string) => void;

const defaultNavigator: Navigator = (to) => window.location.assign(to);
let navigator: Navigator = defaultNavigator;

/** The app swaps in client-side navigation; until then (and without an app) the page reloads. */
export function setNavigator(next: Navigator | null): void {
  navigator = next ?? defaultNavigator;
}

export function navigateTo(to: string): void {
  navigator(to);
}
