import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { LIVE_SEQUENCE_HEADER, socketEvents } from '@leasing/contract';
import { socketPrincipal } from '../lib/principal.js';

/**
 * A number per company that grows with every live message sent to its consoles (announcements,
 * lead changes, translations, notifications). A console compares the number its first answers
 * were read at with the number its socket connected at: equal, nothing was broadcast in between,
 * so what it loaded is current and nothing needs loading again.
 */
export type LiveSequence = {
  /** The company's number now; null when it cannot be read (the console then loads again). */
  current: (companyId: string) => Promise<number | null>;
  /** Counts one broadcast; call before sending it. */
  advance: (companyId: string) => Promise<void>;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    liveSequence: LiveSequence;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyRequest {
    /** The caller's company's live sequence when the request began (signed-in reads only). */
    liveSequenceAtStart?: number | null;
  }
}

const key = (companyId: string) => `live-sequence:${companyId}`;

/** In this process alone (no Redis: one process serves every console). */
export const createMemoryLiveSequence = (): LiveSequence => {
  const numbers = new Map<string, number>();
  return {
    current: (companyId) => Promise.resolve(numbers.get(companyId) ?? 0),
    advance: (companyId) => {
      numbers.set(companyId, (numbers.get(companyId) ?? 0) + 1);
      return Promise.resolve();
    },
  };
};

/** How long a read or a count may wait for Redis before the sequence is 'unknown'. */
export const LIVE_SEQUENCE_TIMEOUT_MS = 1_000;

/**
 * The command's answer, or a rejection once `ms` have passed: a request or a broadcast never waits
 * on a Redis that does not answer (a command queued while the client reconnects would otherwise
 * hold its request, and with it the app's close).
 */
const within = <T>(command: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer in ${ms} ms`)), ms);
  });
  return Promise.race([command, late]).finally(() => clearTimeout(timer));
};

/** Shared by every process through Redis, as the broadcasts themselves are. */
export const createRedisLiveSequence = (
  redis: Redis,
  log: FastifyInstance['log'],
  timeoutMs = LIVE_SEQUENCE_TIMEOUT_MS,
): LiveSequence => ({
  current: async (companyId) => {
    try {
      return Number((await within(redis.get(key(companyId)), timeoutMs)) ?? 0);
    } catch (error) {
      log.warn({ err: error }, 'could not read the live sequence');
      return null;
    }
  },
  advance: async (companyId) => {
    try {
      await within(redis.incr(key(companyId)), timeoutMs);
    } catch (error) {
      // The broadcast goes through the same Redis: when this fails, it most likely does too, and
      // the console's next reconnect loads everything again.
      log.warn({ err: error }, 'could not advance the live sequence');
    }
  },
});

const isSignedInRead = (request: FastifyRequest) =>
  request.method === 'GET' && request.principal !== null;

/**
 * The live sequence: kept in Redis when there is one, else in this process. Every signed-in read
 * answers with the number it began at (`x-live-sequence`, `unknown` when unreadable), and every
 * socket hears the number it connected at, after it joined its rooms.
 */
export const liveSequencePlugin = fp(
  async (app: FastifyInstance) => {
    const sequence = app.counterRedis
      ? createRedisLiveSequence(app.counterRedis, app.log)
      : createMemoryLiveSequence();
    app.decorate('liveSequence', sequence);

    // Read before the handler reads anything: a broadcast after this number is one the console
    // will hear, or one whose change this answer may lack (then the numbers differ).
    // Callback hooks, not async ones: most requests (public reads, writes, files) pass straight on.
    app.addHook('preHandler', (request, _reply, done) => {
      if (!isSignedInRead(request)) return done();
      void sequence.current(request.principal!.companyId).then((value) => {
        request.liveSequenceAtStart = value;
        done();
      });
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.liveSequenceAtStart !== undefined) {
        reply.header(LIVE_SEQUENCE_HEADER, String(request.liveSequenceAtStart ?? 'unknown'));
      }
      done(null, payload);
    });

    app.io.on('connection', (socket) => {
      const { companyId } = socketPrincipal(socket);
      void sequence.current(companyId).then((value) => {
        if (socket.connected) socket.emit(socketEvents.liveSequence, { sequence: value });
      });
    });
  },
  { name: 'live-sequence', dependencies: ['socket'] },
);
