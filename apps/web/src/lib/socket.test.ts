import { apiPaths, socketEvents } from '@leasing/contract';
import { describe, expect, it, vi } from 'vitest';
import { stubRoutes } from '../testing/fake-server';
import { stubSocketServer } from '../testing/fake-socket';
import { fakeJwt } from '../testing/fixtures';
import { emitAuthEvent, onAuthEvent, setNavigator } from './auth-events';
import {
  closeSocket,
  connectSocket,
  getSocketState,
  REFRESH_AHEAD_MS,
  type SocketConnection,
} from './socket';
import { getToken, setToken, startSession } from './storage';

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

/** The socket's next connection; resolves with whether it was a reconnection. */
const nextConnection = (connection: SocketConnection) =>
  new Promise<boolean>((resolve) => {
    const off = connection.onConnect((isReconnect) => {
      off();
      resolve(isReconnect);
    });
  });

describe('the session socket', () => {
  it('connects once with the stored token and says when it is connected', async () => {
    const token = fakeJwt();
    startSession(token);
    const server = stubSocketServer();
    const connections: boolean[] = [];

    const connection = connectSocket();
    connection.onConnect((isReconnect) => connections.push(isReconnect));
    const connected = nextConnection(connection);
    expect(connectSocket()).toBe(connection);
    expect(getSocketState().status).toBe('connecting');
    expect(await connected).toBe(false);

    expect(server.sockets).toHaveLength(1);
    expect(server.socket.handshakes).toEqual([token]);
    expect(getSocketState()).toEqual({ status: 'connected', downSince: null });
    expect(connections).toEqual([false]);

    closeSocket();
    expect(server.socket.connected).toBe(false);
    expect(getSocketState().status).toBe('idle');
  });

  it('hands a changed token to the server, and connects again when the server refuses it', async () => {
    startSession(fakeJwt());
    const server = stubSocketServer();
    const connection = connectSocket();
    await nextConnection(connection);

    const refreshed = fakeJwt({ sub: 'user-1', jti: 'refreshed' });
    setToken(refreshed);
    const [[payload, ack]] = server.socket.sentAs(socketEvents.reauthenticate) as [
      [unknown, (answer: unknown) => void],
    ];
    expect(payload).toEqual({ token: refreshed });

    ack({ ok: true });
    expect(server.socket.handshakes).toHaveLength(1);
    const reconnected = nextConnection(connection);
    ack({ ok: false, error: 'The token belongs to another user.' });
    expect(await reconnected).toBe(true);
    expect(server.socket.handshakes).toEqual([expect.any(String), refreshed]);
    expect(server.socket.connected).toBe(true);
  });

  it('refreshes the token a minute before it runs out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    startSession(fakeJwt({ exp: inSeconds(5 * 60) }));
    const renewed = fakeJwt({ exp: inSeconds(20 * 60) });
    const http = stubRoutes({ [`POST ${apiPaths.refresh}`]: { body: { token: renewed } } });
    const server = stubSocketServer();
    connectSocket();
    await vi.advanceTimersByTimeAsync(0);

    await vi.advanceTimersByTimeAsync(5 * 60_000 - REFRESH_AHEAD_MS - 1_000);
    expect(http.requestsTo(apiPaths.refresh, 'POST')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_000);

    expect(http.requestsTo(apiPaths.refresh, 'POST')).toHaveLength(1);
    expect(getToken()).toBe(renewed);
    expect(server.socket.sentAs(socketEvents.reauthenticate)[0]?.[0]).toEqual({ token: renewed });
  });

  it('refreshes the token and connects again when the handshake is refused', async () => {
    startSession(fakeJwt({ exp: inSeconds(-10) }));
    const renewed = fakeJwt();
    stubRoutes({ [`POST ${apiPaths.refresh}`]: { body: { token: renewed } } });
    const server = stubSocketServer({ acceptHandshakes: false });
    connectSocket();

    server.socket.refuse('UNAUTHORIZED');
    expect(getSocketState().status).toBe('disconnected');
    await vi.waitFor(() => expect(server.socket.handshakes).toHaveLength(2));
    expect(server.socket.handshakes[1]).toBe(renewed);
    server.socket.accept();
    expect(getSocketState().status).toBe('connected');
  });

  it('ends the session when the refresh is refused', async () => {
    startSession(fakeJwt());
    stubRoutes({
      [`POST ${apiPaths.refresh}`]: {
        status: 401,
        body: { error: { code: 'UNAUTHORIZED', message: 'Sign in again' } },
      },
    });
    const signedOut = vi.fn();
    const off = onAuthEvent('signed-out', signedOut);
    const navigations: string[] = [];
    setNavigator((to) => navigations.push(to));
    const server = stubSocketServer({ acceptHandshakes: false });
    connectSocket();

    server.socket.refuse('UNAUTHORIZED');
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledWith({ reason: 'refresh-failed' }));
    off();
    expect(navigations).toEqual(['/account/login']);
    expect(getToken()).toBeNull();
    expect(getSocketState().status).toBe('idle');
    expect(server.socket.handshakes).toHaveLength(1);
  });

  it('after the server closed it for an expired token, refreshes and connects again', async () => {
    startSession(fakeJwt());
    const renewed = fakeJwt({ sub: 'renewed' });
    const http = stubRoutes({ [`POST ${apiPaths.refresh}`]: { body: { token: renewed } } });
    const server = stubSocketServer();
    const connections: boolean[] = [];
    const connection = connectSocket();
    connection.onConnect((isReconnect) => connections.push(isReconnect));
    await nextConnection(connection);

    server.socket.serverEmit(socketEvents.socketError, {
      code: 'TOKEN_EXPIRED',
      message: 'expired',
    });
    server.socket.drop('io server disconnect');

    await vi.waitFor(() => expect(connections).toEqual([false, true]));
    expect(http.requestsTo(apiPaths.refresh, 'POST')).toHaveLength(1);
    expect(server.socket.handshakes.at(-1)).toBe(renewed);
  });

  it('after the server closed it for another reason, connects again with the token it has', async () => {
    startSession(fakeJwt());
    const http = stubRoutes({});
    const server = stubSocketServer();
    await nextConnection(connectSocket());

    server.socket.drop('io server disconnect');
    await vi.waitFor(() => expect(server.socket.handshakes).toHaveLength(2));
    expect(http.requestsTo(apiPaths.refresh, 'POST')).toHaveLength(0);
  });

  it('closes when the browser goes offline and connects again when it is back', async () => {
    startSession(fakeJwt());
    const server = stubSocketServer();
    const connections: boolean[] = [];
    const connection = connectSocket();
    connection.onConnect((isReconnect) => connections.push(isReconnect));
    await nextConnection(connection);

    window.dispatchEvent(new Event('offline'));
    expect(server.socket.connected).toBe(false);
    const { downSince } = getSocketState();
    expect(downSince).toEqual(expect.any(Number));

    const back = nextConnection(connection);
    window.dispatchEvent(new Event('online'));
    // Still down, and down since the first failure.
    expect(getSocketState()).toEqual({ status: 'connecting', downSince });
    expect(await back).toBe(true);
    expect(connections).toEqual([false, true]);
    expect(getSocketState()).toEqual({ status: 'connected', downSince: null });
  });

  it('closes when the session ends', async () => {
    startSession(fakeJwt());
    const server = stubSocketServer();
    await nextConnection(connectSocket());

    emitAuthEvent('signed-out', { reason: 'user' });
    expect(server.socket.connected).toBe(false);
    expect(getSocketState().status).toBe('idle');
    // A new session gets a new socket.
    connectSocket();
    expect(server.sockets).toHaveLength(2);
  });
});
