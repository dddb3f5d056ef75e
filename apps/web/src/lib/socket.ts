/**
 * The signed-in session's one Socket.IO connection (spec §7): it authenticates with the stored ID
 * token, keeps itself authenticated as the token is refreshed, and comes back after the network,
 * the server or the token dropped it. React-free; the app subscribes to its events.
 */
import { restartReadTracking } from './live-sequence';
import { reauthenticateAckSchema, socketErrorCodes, socketEvents } from '@leasing/contract';
import { io } from 'socket.io-client';
import { currentUrlHasAccessToken, getRequestToken, refreshTokenOrEndSession } from './api-client';
import { onAuthEvent } from './auth-events';
import { getTokenExpiry } from './jwt';
import { getToken, onTokenChange } from './storage';

/** The part of a Socket.IO client socket the app uses; tests drive a stand-in of this shape. */
export type LiveSocket = {
  readonly connected: boolean;
  connect(): void;
  disconnect(): void;
  /** Payloads are unknown until validated: the server is another program. */
  on(event: string, listener: (...args: unknown[]) => void): void;
  off(event: string, listener: (...args: unknown[]) => void): void;
  emit(event: string, ...args: unknown[]): void;
};

export type SocketAuth = (callback: (data: { token: string | null }) => void) => void;
export type SocketFactory = (options: { auth: SocketAuth }) => LiveSocket;

export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

export type SocketState = {
  /** 'idle' when no session socket is open. */
  status: SocketStatus;
  /** Since when the open socket has been without a connection (ms since the epoch); else null. */
  downSince: number | null;
};

/** The token is refreshed this long before it runs out, so the socket never holds an expired one. */
export const REFRESH_AHEAD_MS = 60_000;
/** A token this close to its expiry is refreshed before a reconnect rather than refused by it. */
const FRESH_TOKEN_MARGIN_MS = 5_000;
const MAX_RETRY_DELAY_MS = 30_000;
/** setTimeout runs at once for longer delays. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;
/** Sent by the server just before it closes a socket whose token ran out (not in the contract). */
const SOCKET_ERROR_EVENT = socketEvents.socketError;

/**
 * One socket per session: `forceNew`, not the shared manager Socket.IO keeps per URL. WebSocket
 * only: long-polling needs every request of a session to reach the same server process, which
 * several processes behind a load balancer do not promise.
 */
const connectToServer: SocketFactory = ({ auth }) => {
  const socket = io({
    path: '/socket.io',
    transports: ['websocket'],
    autoConnect: false,
    forceNew: true,
    auth,
  });
  return {
    get connected() {
      return socket.connected;
    },
    connect: () => void socket.connect(),
    disconnect: () => void socket.disconnect(),
    on: (event, listener) => void socket.on(event, listener),
    off: (event, listener) => void socket.off(event, listener),
    emit: (event, ...args) => void socket.emit(event, ...args),
  };
};

let socketFactory: SocketFactory = connectToServer;

/** Tests put in a socket they play the server for; null restores the real one. */
export function setSocketFactory(factory: SocketFactory | null): void {
  socketFactory = factory ?? connectToServer;
}

let state: SocketState = { status: 'idle', downSince: null };
const stateListeners = new Set<() => void>();

function setStatus(status: SocketStatus) {
  const isDown = status === 'connecting' || status === 'disconnected';
  // Retries fail one after another while the network is gone: the outage started at the first.
  const downSince = isDown ? (state.downSince ?? Date.now()) : null;
  if (status === state.status && downSince === state.downSince) return;
  state = { status, downSince };
  for (const listener of stateListeners) listener();
}

export function getSocketState(): SocketState {
  return state;
}

export function subscribeSocketState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => {
    stateListeners.delete(listener);
  };
}

export type ConnectListener = (isReconnect: boolean) => void;

export type SocketConnection = {
  socket: LiveSocket;
  /** Calls `listener` on every connection; `isReconnect` is false for the session's first. */
  onConnect: (listener: ConnectListener) => () => void;
};

type OpenConnection = SocketConnection & { close: () => void };

let connection: OpenConnection | null = null;

/** The session's socket, opened (and connecting) on first use. */
export function connectSocket(): SocketConnection {
  connection ??= openConnection();
  return connection;
}

/** Closes the session's socket; signing out does it too. */
export function closeSocket(): void {
  const closing = connection;
  connection = null;
  closing?.close();
  // The next socket is another session's: its first connection judges that session's reads.
  restartReadTracking();
}

function isUnauthorized(error: unknown): boolean {
  const data = (error as { data?: { code?: unknown } } | null)?.data;
  return data?.code === socketErrorCodes.unauthorized;
}

function hasFreshToken(): boolean {
  const token = getRequestToken();
  const expiresAt = token === null ? null : getTokenExpiry(token);
  return token !== null && (expiresAt === null || expiresAt - Date.now() > FRESH_TOKEN_MARGIN_MS);
}

function openConnection(): OpenConnection {
  const socket = socketFactory({ auth: (callback) => callback({ token: getRequestToken() }) });
  const connectListeners = new Set<ConnectListener>();
  let connections = 0;
  let closed = false;
  /** Failed renewals in a row, for the back-off; reset by a connection. */
  let failures = 0;
  let tokenExpired = false;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Connects again, refreshing the token first when the server refused it or it is about to run
   * out. A refused refresh ends the session (and with it this socket).
   */
  function scheduleRenewal({ refresh }: { refresh: boolean }) {
    clearTimeout(renewTimer);
    const delay = failures <= 1 ? 0 : Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** (failures - 2));
    renewTimer = setTimeout(() => void renew(refresh), delay);
  }

  async function renew(refresh: boolean) {
    if (closed) return;
    try {
      if (refresh || !hasFreshToken()) {
        const token = await refreshTokenOrEndSession();
        if (token === null) return;
      }
      if (!closed && !socket.connected) {
        setStatus('connecting');
        socket.connect();
      }
    } catch {
      // The refresh could not be asked for (offline, server error): try again, less often.
      failures += 1;
      if (!closed) scheduleRenewal({ refresh });
    }
  }

  function scheduleRefreshAhead() {
    clearTimeout(refreshTimer);
    // A secure link's token is not refreshed: the server closes the socket when it runs out.
    if (currentUrlHasAccessToken()) return;
    const token = getToken();
    const expiresAt = token === null ? null : getTokenExpiry(token);
    if (expiresAt === null) return;
    const delay = Math.max(0, expiresAt - REFRESH_AHEAD_MS - Date.now());
    refreshTimer = setTimeout(
      () => {
        // Offline now: the server closes the socket when the token runs out and the reconnect
        // refreshes it then.
        refreshTokenOrEndSession().catch(() => undefined);
      },
      Math.min(delay, MAX_TIMER_DELAY_MS),
    );
  }

  function handleConnect() {
    connections += 1;
    failures = 0;
    tokenExpired = false;
    setStatus('connected');
    for (const listener of [...connectListeners]) listener(connections > 1);
  }

  function handleDisconnect(reason: unknown) {
    if (closed) return;
    setStatus('disconnected');
    // The client reconnects by itself after a lost connection, but not when the server closed the
    // socket: it does that when the token ran out (after SOCKET_ERROR_EVENT) or when it shuts down.
    if (reason === 'io server disconnect') scheduleRenewal({ refresh: tokenExpired });
  }

  function handleConnectError(error: unknown) {
    if (closed) return;
    setStatus('disconnected');
    // A refused handshake is not retried by the client; other failures are, with its back-off.
    if (isUnauthorized(error)) {
      failures += 1;
      scheduleRenewal({ refresh: true });
    }
  }

  function handleSocketError(payload: unknown) {
    if ((payload as { code?: unknown } | null)?.code === socketErrorCodes.tokenExpired) {
      tokenExpired = true;
    }
  }

  function handleTokenChange(token: string | null) {
    // Null: signed out, and the sign-out closes this socket. A secure link's socket keeps its own
    // token whatever the staff session in other tabs does.
    if (token === null || closed || currentUrlHasAccessToken()) return;
    scheduleRefreshAhead();
    // While disconnected, the next handshake reads the new token anyway.
    if (!socket.connected) return;
    socket.emit(socketEvents.reauthenticate, { token }, (ack: unknown) => {
      const answer = reauthenticateAckSchema.safeParse(ack);
      if (closed || (answer.success && answer.data.ok)) return;
      // Refused: the socket would be closed when the old token runs out. Connect again now; the
      // handshake refreshes the token if the server refuses it there too.
      socket.disconnect();
      setStatus('connecting');
      socket.connect();
    });
  }

  // The browser knows first when the network is gone. A socket it still holds open may be stale,
  // and events sent meanwhile lost: close it, and connect again (catching up) once back online.
  function handleOffline() {
    clearTimeout(renewTimer);
    socket.disconnect();
    setStatus('disconnected');
  }

  function handleOnline() {
    if (closed || socket.connected) return;
    setStatus('connecting');
    socket.connect();
  }

  socket.on('connect', handleConnect);
  socket.on('disconnect', handleDisconnect);
  socket.on('connect_error', handleConnectError);
  socket.on(SOCKET_ERROR_EVENT, handleSocketError);
  const offTokenChange = onTokenChange(handleTokenChange);
  const offSignedOut = onAuthEvent('signed-out', closeSocket);
  window.addEventListener('offline', handleOffline);
  window.addEventListener('online', handleOnline);
  scheduleRefreshAhead();
  setStatus('connecting');
  socket.connect();

  return {
    socket,
    onConnect: (listener) => {
      connectListeners.add(listener);
      return () => {
        connectListeners.delete(listener);
      };
    },
    close: () => {
      closed = true;
      clearTimeout(renewTimer);
      clearTimeout(refreshTimer);
      offTokenChange();
      offSignedOut();
      window.removeEventListener('offline', handleOffline);
      window.removeEventListener('online', handleOnline);
      connectListeners.clear();
      socket.off('connect', handleConnect);
      socket.off('disconnect', handleDisconnect);
      socket.off('connect_error', handleConnectError);
      socket.off(SOCKET_ERROR_EVENT, handleSocketError);
      socket.disconnect();
      setStatus('idle');
    },
  };
}
