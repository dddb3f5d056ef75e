import { useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * After a reconnect, each open lead is reloaded and compared with what it showed: `catching-up`
 * until the reload is in, then how many events it brought.
 */
type CatchUp = { status: 'catching-up' } | { status: 'done'; count: number };

const catchUps = new Map<string, CatchUp>();
const listeners = new Set<() => void>();

function set(leadID: string, catchUp: CatchUp | null) {
  if (catchUp) catchUps.set(leadID, catchUp);
  else catchUps.delete(leadID);
  for (const listener of listeners) listener();
}

export function startCatchUp(leadID: string): void {
  set(leadID, { status: 'catching-up' });
}

/** `count` events arrived with the reload; nothing is shown for none. */
export function finishCatchUp(leadID: string, count: number): void {
  if (catchUps.get(leadID)?.status !== 'catching-up') return;
  set(leadID, count > 0 ? { status: 'done', count } : null);
}

export function dismissNewEvents(leadID: string): void {
  if (catchUps.has(leadID)) set(leadID, null);
}

/** The session is over: nothing of it is shown to the next. */
export function clearCatchUps(): void {
  catchUps.clear();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export type NewEvents = {
  /** The lead is being reloaded after a reconnect: the timeline should hold the reader's place. */
  isCatchingUp: boolean;
  /** Events the reload brought that the reader has not scrolled to yet. */
  count: number;
  dismiss: () => void;
};

export function useNewEvents(leadID: string): NewEvents {
  const catchUp = useSyncExternalStore(subscribe, () => catchUps.get(leadID));
  const dismiss = useCallback(() => dismissNewEvents(leadID), [leadID]);
  // Events of a pane left unseen are no news when it is opened again: it opens at the newest.
  useEffect(() => () => dismissNewEvents(leadID), [leadID]);
  return {
    isCatchingUp: catchUp?.status === 'catching-up',
    count: catchUp?.status === 'done' ? catchUp.count : 0,
    dismiss,
  };
}
