import { socketErrorCodes, socketEvents } from '@leasing/contract';
import type {
  ConversationEvent,
  NewConversationDelivery,
  NewMessageTranslation,
  User,
} from '@leasing/contract';
import { expect, onTestFinished, vi } from 'vitest';
import { closeSocket, setSocketFactory } from '../lib/socket';
import type { LiveSocket, SocketAuth, SocketFactory } from '../lib/socket';

type Listener = (...args: unknown[]) => void;

export type SentMessage = { event: string; args: unknown[] };

/**
 * A Socket.IO client socket whose server the test plays, as `stubServer` plays the HTTP API: the
 * server is another program from the client's point of view, so this is what tests stand in for.
 */
export class FakeSocket implements LiveSocket {
  connected = false;
  /** What the client emitted, in order; an acknowledgement callback is the last argument. */
  readonly sent: SentMessage[] = [];
  /** The token the client offered in each handshake. */
  readonly handshakes: (string | null)[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(
    private readonly auth: SocketAuth,
    private readonly onHandshake: (socket: FakeSocket) => void,
    private readonly onSent: (socket: FakeSocket, message: SentMessage) => void,
  ) {}

  on(event: string, listener: Listener): void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
  }

  off(event: string, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
  }

  emit(event: string, ...args: unknown[]): void {
    const message = { event, args };
    this.sent.push(message);
    this.onSent(this, message);
  }

  connect(): void {
    if (this.connected) return;
    this.auth((data) => this.handshakes.push(data.token));
    this.onHandshake(this);
  }

  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    this.fire('disconnect', 'io client disconnect');
  }

  /** The arguments of every message the client emitted under `event`. */
  sentAs(event: string): unknown[][] {
    return this.sent.filter((message) => message.event === event).map((message) => message.args);
  }

  // What the server does:

  /** The company's live sequence this server says each connection began at. */
  liveSequence: number | null = 0;

  accept(): void {
    this.connected = true;
    this.fire('connect');
    // As the server does once the socket has joined its rooms.
    this.fire(socketEvents.liveSequence, { sequence: this.liveSequence });
  }

  refuse(code: string = socketErrorCodes.unauthorized): void {
    this.fire('connect_error', Object.assign(new Error(code), { data: { code } }));
  }

  /** The connection ends: `io server disconnect` when the server closed it, else the network. */
  drop(reason = 'transport close'): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  serverEmit(event: string, ...args: unknown[]): void {
    this.fire(event, ...args);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

export type FakeSocketServerOptions = {
  /** Accept every handshake (after a tick, as a real server would); otherwise the test decides. */
  acceptHandshakes?: boolean;
  /** Answers what the client emits, e.g. `leasing-get-new-conversation` with a delivery. */
  onSent?: (socket: FakeSocket, message: SentMessage) => void;
  /** The live sequence each connection is told it began at (0 unless told). */
  liveSequence?: number | null;
};

/** Every socket the app opens during the test talks to this server. */
export function stubSocketServer({
  acceptHandshakes = true,
  onSent,
  liveSequence = 0,
}: FakeSocketServerOptions = {}) {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = ({ auth }) => {
    const socket = new FakeSocket(
      auth,
      (handshaking) => {
        if (acceptHandshakes) queueMicrotask(() => handshaking.accept());
      },
      (sending, message) => onSent?.(sending, message),
    );
    socket.liveSequence = liveSequence;
    sockets.push(socket);
    return socket;
  };
  setSocketFactory(factory);
  onTestFinished(() => {
    closeSocket();
    setSocketFactory(quietSocketFactory);
  });
  return {
    sockets,
    /** The socket the app opened last. */
    get socket(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('The app opened no socket');
      return socket;
    },
  };
}

/**
 * For tests that are not about live updates: a server that never answers the handshake, so no
 * test reaches for the network and none sees events it did not ask for.
 */
export const quietSocketFactory: SocketFactory = ({ auth }) =>
  new FakeSocket(
    auth,
    () => undefined,
    () => undefined,
  );

/**
 * The server's side of the spec's §7 for `user`: `publish` announces events to the company, and
 * the console's request for each is answered with the event and its lead, as the real server does.
 */
export function stubLiveServer(
  user: Pick<User, '_id' | 'companyID'>,
  { liveSequence = 0 }: { liveSequence?: number | null } = {},
) {
  const deliveries = new Map<string, NewConversationDelivery>();
  const server = stubSocketServer({
    liveSequence,
    onSent: (socket, { event, args }) => {
      if (event !== socketEvents.getNewConversation) return;
      const { eventID } = args[0] as { eventID: string };
      const delivery = deliveries.get(eventID);
      if (delivery) {
        queueMicrotask(() =>
          socket.serverEmit(socketEvents.newConversationForUser(user._id), delivery),
        );
      }
    },
  });
  return {
    sockets: server.sockets,
    get socket() {
      return server.socket;
    },
    /** Resolves once the app's socket is connected. */
    connected: () => vi.waitFor(() => expect(server.socket.connected).toBe(true)),
    /** Events created or changed on the server, each announced to the company's consoles. */
    publish: (events: ConversationEvent[], lead: NewConversationDelivery['lead']) => {
      for (const event of events) {
        deliveries.set(event._id, { events: [event], lead });
        server.socket.serverEmit(socketEvents.newConversation(user.companyID), {
          eventID: event._id,
          leadID: event.leadID,
        });
      }
    },
    translate: (translation: NewMessageTranslation) =>
      server.socket.serverEmit(socketEvents.newMessageTranslation(user.companyID), translation),
  };
}
