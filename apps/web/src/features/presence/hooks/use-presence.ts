import { TYPING_SIGNAL_INTERVAL_MS } from '@leasing/contract';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import {
  getPresenceState,
  sendTyping,
  setViewingLead,
  subscribePresence,
} from '../api/presence-channel';
import { typistsOf, viewersOf } from '../utils/presence-people';

export function usePresenceState() {
  return useSyncExternalStore(subscribePresence, getPresenceState);
}

/** Colleagues with this lead open, and those typing on it. */
export function useLeadPresence(leadID: string) {
  const state = usePresenceState();
  return useMemo(
    () => ({ viewers: viewersOf(state, leadID), typists: typistsOf(state, leadID) }),
    [state, leadID],
  );
}

/** Announces the lead as open while the component is mounted. */
export function useViewingLead(leadID: string | null) {
  useEffect(() => {
    if (leadID === null) return;
    setViewingLead(leadID);
    return () => setViewingLead(null);
  }, [leadID]);
}

/**
 * Typing signals for the composer: `typed` on every edit while it has focus (sent at most every
 * 2 s), `stopped` when it loses focus, empties or sends. Colleagues' consoles let a signal expire
 * after 5 s, so a closed tab never leaves "is typing…" behind.
 */
export function useTypingSignal(leadID: string) {
  const lastSent = useRef(0);
  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_SIGNAL_INTERVAL_MS) return;
    lastSent.current = now;
    sendTyping(leadID, true);
  }, [leadID]);
  const stopped = useCallback(() => {
    if (lastSent.current === 0) return;
    lastSent.current = 0;
    sendTyping(leadID, false);
  }, [leadID]);
  useEffect(() => stopped, [stopped]);
  return { typed, stopped };
}
