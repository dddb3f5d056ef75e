/**
 * Presence on the session's socket (React-free): which colleague has which lead open, and who is
 * typing. The server keeps nothing: this console tells it the lead it has open (again after every
 * reconnect), asks once per connection who is where, and follows the changes.
 */
import {
  presenceChangeSchema,
  presenceSnapshotSchema,
  presenceTypingSchema,
  socketEvents,
  TYPING_EXPIRY_MS,
} from '@leasing/contract';
import type { PresenceViewer } from '@leasing/contract';
import type { LiveSocket } from '../../../lib/socket';

export type PresenceState = {
  /** Colleagues' consoles with a lead open, by socket (one person may have several tabs). */
  viewers: ReadonlyMap<string, PresenceViewer>;
  /** Who is typing where: key `${leadID}:${userID}`, until when (ms since the epoch). */
  typing: ReadonlyMap<string, { leadID: string; userID: string; name: string; until: number }>;
};

let state: PresenceState = { viewers: new Map(), typing: new Map() };
const listeners = new Set<() => void>();
let channel: { socket: LiveSocket; userID: string } | null = null;
let viewing: string | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function publish(next: PresenceState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getPresenceState(): PresenceState {
  return state;
}

export function subscribePresence(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Drops typing signals that ran out, and wakes up again for the next one to run out. */
function expireTyping() {
  clearTimeout(expiryTimer);
  const now = Date.now();
  const typing = new Map([...state.typing].filter(([, entry]) => entry.until > now));
  if (typing.size !== state.typing.size) publish({ ...state, typing });
  const next = Math.min(...[...typing.values()].map((entry) => entry.until));
  if (Number.isFinite(next)) expiryTimer = setTimeout(expireTyping, next - now + 10);
}

/** The lead this console has open now (null: none). Told to the server now and after reconnects. */
export function setViewingLead(leadID: string | null): void {
  if (viewing === leadID) return;
  viewing = leadID;
  if (channel?.socket.connected) channel.socket.emit(socketEvents.presenceView, { leadID });
}

/** This user is writing on the lead they have open (`true`, repeated), or stopped (`false`). */
export function sendTyping(leadID: string, typing: boolean): void {
  if (channel?.socket.connected && viewing === leadID) {
    channel.socket.emit(socketEvents.presenceTyping, { leadID, typing });
  }
}

/**
 * Follows the company's presence on `socket` for `userID` (whose own consoles are left out).
 * `onConnect` is the session socket's connection hook. Returns the function that stops it.
 */
export function connectPresence(
  socket: LiveSocket,
  onConnect: (listener: () => void) => () => void,
  { userID, companyID }: { userID: string; companyID: string },
): () => void {
  channel = { socket, userID };
  const changeEvent = socketEvents.presence(companyID);
  const typingEvent = socketEvents.presenceTypingOf(companyID);
  /** Consoles that left while a snapshot was on its way: the snapshot may still list them. */
  let leftDuringSync: Set<string> | null = null;

  function handleChange(payload: unknown) {
    const change = presenceChangeSchema.safeParse(payload);
    if (!change.success) return;
    const { state: kind, ...viewer } = change.data;
    const viewers = new Map(state.viewers);
    const typing = new Map(state.typing);
    if (kind === 'left') {
      viewers.delete(viewer.socketID);
      leftDuringSync?.add(viewer.socketID);
      typing.delete(`${viewer.leadID}:${viewer.userID}`);
    } else if (viewer.userID !== userID) {
      viewers.set(viewer.socketID, viewer);
    }
    publish({ viewers, typing });
  }

  function handleTyping(payload: unknown) {
    const signal = presenceTypingSchema.safeParse(payload);
    if (!signal.success || signal.data.userID === userID) return;
    const { leadID, userID: typist, name } = signal.data;
    const typing = new Map(state.typing);
    const key = `${leadID}:${typist}`;
    if (signal.data.typing)
      typing.set(key, { leadID, userID: typist, name, until: Date.now() + TYPING_EXPIRY_MS });
    else typing.delete(key);
    publish({ ...state, typing });
    expireTyping();
  }

  function handleConnect() {
    if (viewing) socket.emit(socketEvents.presenceView, { leadID: viewing });
    leftDuringSync = new Set();
    socket.emit(socketEvents.presenceSync, {}, (answer: unknown) => {
      const snapshot = presenceSnapshotSchema.safeParse(answer);
      const left = leftDuringSync ?? new Set<string>();
      leftDuringSync = null;
      if (!snapshot.success) return;
      const viewers = new Map(
        snapshot.data.viewers
          .filter((viewer) => viewer.userID !== userID && !left.has(viewer.socketID))
          .map((viewer) => [viewer.socketID, viewer]),
      );
      // Joins heard while the snapshot was on its way are kept.
      for (const [id, viewer] of state.viewers) if (!left.has(id)) viewers.set(id, viewer);
      publish({ ...state, viewers });
    });
  }

  function handleDisconnect() {
    // What a lost connection missed is asked for again on the next one.
    publish({ viewers: new Map(), typing: new Map() });
  }

  socket.on(changeEvent, handleChange);
  socket.on(typingEvent, handleTyping);
  socket.on('disconnect', handleDisconnect);
  const offConnect = onConnect(handleConnect);
  if (socket.connected) handleConnect();
  return () => {
    socket.off(changeEvent, handleChange);
    socket.off(typingEvent, handleTyping);
    socket.off('disconnect', handleDisconnect);
    offConnect();
    clearTimeout(expiryTimer);
    channel = null;
    publish({ viewers: new Map(), typing: new Map() });
  };
}
