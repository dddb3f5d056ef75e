/**
 * Where each inbox list was scrolled to, for this tab's session: Back from a lead, or the list
 * beside it, opens the queue where the agent left it. Keyed by the list (scope, search, filters).
 */
const PREFIX = 'inbox-scroll:';

export function readInboxScroll(key: string): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(PREFIX + key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function writeInboxScroll(key: string, offset: number): void {
  try {
    if (offset > 0) window.sessionStorage.setItem(PREFIX + key, String(Math.round(offset)));
    else window.sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Storage full or refused (private mode): the list simply opens at the top.
  }
}
