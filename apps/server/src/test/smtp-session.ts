import { connect as connectTcp } from 'node:net';
import { connect as connectTls, type TLSSocket } from 'node:tls';
import type { Duplex } from 'node:stream';

/** Reads whole SMTP replies off a socket: each `next()` answers the server's next reply. */
const replyReader = (socket: Duplex) => {
  let buffered = '';
  const waiting: ((reply: string) => void)[] = [];
  const ready: string[] = [];
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    // A reply ends with a line whose code is followed by a space, not a dash.
    let end = buffered.search(/^\d{3} .*\r\n/m);
    while (end >= 0) {
      const lineEnd = buffered.indexOf('\r\n', end) + 2;
      const reply = buffered.slice(0, lineEnd);
      buffered = buffered.slice(lineEnd);
      const waiter = waiting.shift();
      if (waiter) waiter(reply);
      else ready.push(reply);
      end = buffered.search(/^\d{3} .*\r\n/m);
    }
  });
  return () =>
    new Promise<string>((resolve) => {
      const reply = ready.shift();
      if (reply !== undefined) resolve(reply);
      else waiting.push(resolve);
    });
};

export type SmtpSession = {
  /** The server's first reply: its greeting (220) or why it turns the client away (421). */
  banner: string;
  /** Sends one line and answers the server's reply to it. */
  say: (line: string) => Promise<string>;
  /** The next reply the server sends unasked (a 421 before it hangs up). */
  next: () => Promise<string>;
  /** Resolves when the connection is closed, by either side. */
  closed: Promise<void>;
  /** STARTTLS, then the TLS handshake (any certificate); answers the server's certificate. */
  startTls: () => Promise<TLSSocket>;
  close: () => void;
};

/**
 * A raw SMTP conversation with the listener on `port`, from `localAddress` (another loopback
 * address, 127.0.0.2, is another client IP to the server).
 */
export const openSmtpSession = async (
  port: number,
  { localAddress }: { localAddress?: string } = {},
): Promise<SmtpSession> => {
  const socket = connectTcp({ port, host: '127.0.0.1', localAddress });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  let current: Duplex = socket;
  let next = replyReader(socket);
  const say = (line: string) => {
    const reply = next();
    current.write(`${line}\r\n`);
    return reply;
  };
  return {
    banner: await next(),
    say,
    next: () => next(),
    closed,
    startTls: async () => {
      const answer = await say('STARTTLS');
      if (!answer.startsWith('220 ')) throw new Error(`STARTTLS refused: ${answer}`);
      socket.removeAllListeners('data');
      const secure = connectTls({ socket, rejectUnauthorized: false });
      await new Promise<void>((resolve, reject) =>
        secure.once('secureConnect', resolve).once('error', reject),
      );
      current = secure;
      next = replyReader(secure);
      return secure;
    },
    close: () => {
      current.destroy();
      socket.destroy();
    },
  };
};
