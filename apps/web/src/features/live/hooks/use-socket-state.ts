import { useSyncExternalStore } from 'react';
import { getSocketState, subscribeSocketState } from '../../../lib/socket';

/** The session socket's connection state, re-rendering as it changes. */
export const useSocketState = () => useSyncExternalStore(subscribeSocketState, getSocketState);
