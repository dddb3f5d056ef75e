import { socketEvents } from '@leasing/contract';
import { io as connect, type Socket } from 'socket.io-client';

/** The next `event` a socket hears; rejects when none comes within `timeoutMs`. */
export const until = <T>(socket: Socket, event: string, timeoutMs = 5_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${event} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

/**
 * Collects everything a socket hears, to prove what it never heard: cause something the socket may
 * hear after what it must not, await that, and read what came before it (no waiting a while).
 */
export const recordAll = (socket: Socket) => {
  const heard: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => {
    // Every connection is told its own live sequence (when depends on Redis): not news heard.
    if (event !== socketEvents.liveSequence) heard.push({ event, payload });
  });
  return heard;
};

/**
 * Console sockets opened as the web opens them (WebSocket only, no reconnection), each resolved
 * once connected; `closeAll` closes every one of them, for `afterAll`.
 */
export const createSocketOpener = () => {
  const opened: Socket[] = [];
  return {
    open: async (url: string, token: string) => {
      const socket = connect(url, {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      opened.push(socket);
      await new Promise<void>((resolve, reject) =>
        socket.on('connect', resolve).on('connect_error', reject),
      );
      return socket;
    },
    closeAll: () => opened.forEach((socket) => socket.close()),
  };
};
