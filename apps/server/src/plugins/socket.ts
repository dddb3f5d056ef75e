import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isPaymentHostRequest } from './payment-host.js';
import { catchCommandFailures, closeRedis, createRedisClient, watchRedis } from './redis-client.js';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  reauthenticateRequestSchema,
  socketErrorCodes,
  socketEvents,
  type ReauthenticateAck,
} from '@leasing/contract';
import { isLeadAccessToken } from '../modules/auth/index.js';
import {
  socketLeadScope,
  socketPrincipal,
  socketSessionId,
  toSocketPrincipal,
  type Session,
} from '../lib/principal.js';
import { companyRoom, leadRoom, sessionRoom, userRoom } from '../lib/socket-rooms.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    io: Server;
    /** The Redis connections live updates cross processes on (none without REDIS_URL). */
    liveRedis: Redis[];
  }
}

type SocketSession = Session & { leadScope: string | null };

/** A handshake refusal the client can act on: `data.code` says what to do, the message says why. */
const refusal = (code: string, message: string) =>
  Object.assign(new Error(message), { data: { code } });

/**
 * Browsers always send Origin on a WebSocket upgrade; CORS does not guard WebSockets, so the
 * allowlist is checked here. Same-origin pages (Host matches Origin) are always allowed; clients
 * that send no Origin (servers, tests) still need a valid token.
 */
const originAllowed = (request: IncomingMessage, allowlist: string[]) => {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (allowlist.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
};

/**
 * Socket.IO on the app's HTTP server. The handshake's token is verified like a REST call and the
 * server alone decides which rooms a socket is in. A socket lives as long as its token: when the
 * token runs out it is disconnected, unless the client sent a refreshed one (`reauthenticate`).
 */
export const socketPlugin = fp(
  async (app: FastifyInstance) => {
    const io = new Server(app.server, {
      path: '/socket.io',
      cors: { origin: app.config.corsOrigins, credentials: true },
      serveClient: false,
      allowRequest: (request, callback) => {
        // Payers on the payment host get no socket, whatever their origin says.
        if (isPaymentHostRequest(app, request)) return callback('Not on the payment host', false);
        const allowed = originAllowed(request, app.config.corsOrigins);
        callback(allowed ? null : 'Origin not allowed', allowed);
      },
    });

    if (!app.config.redisUrl) app.decorate('liveRedis', []);
    else {
      const pub = createRedisClient(app.config.redisUrl, 'socket-pub', app.log, {
        lazyConnect: true,
        maxRetriesPerRequest: 3,
      });
      const sub = watchRedis(pub.duplicate(), 'socket-sub', app.log);
      catchCommandFailures(pub, 'socket-pub', app.log);
      catchCommandFailures(sub, 'socket-sub', app.log);
      await Promise.all([pub.connect(), sub.connect()]);
      io.adapter(createAdapter(pub, sub));
      app.decorate('liveRedis', [pub, sub]);
      app.addHook('onClose', async () => {
        await Promise.all([closeRedis(pub), closeRedis(sub)]);
      });
    }

    /** A staff ID token, or a secure-access token that opens one lead (and only its room). */
    const verify = async (token: unknown): Promise<SocketSession> => {
      try {
        if (typeof token === 'string' && isLeadAccessToken(token)) {
          const access = await app.resolveLeadAccess(token);
          return {
            principal: access.principal,
            expiresAt: access.expiresAt,
            leadScope: access.lead.id,
          };
        }
        const session = await app.resolveSession(typeof token === 'string' ? token : undefined);
        // A token outlives the sign-out of its session by up to 15 minutes; a socket may not.
        if (session.sessionId && !(await app.auth.isSessionActive(session.sessionId))) {
          throw new Error('This session has been signed out. Sign in again.');
        }
        return { ...session, leadScope: null };
      } catch (error) {
        throw refusal(socketErrorCodes.unauthorized, (error as Error).message);
      }
    };

    io.use(async (socket, next) => {
      try {
        const session = await verify((socket.handshake.auth as { token?: unknown }).token);
        socket.data.principal = toSocketPrincipal(session.principal);
        socket.data.expiresAt = session.expiresAt;
        socket.data.leadScope = session.leadScope;
        socket.data.sessionId = session.sessionId;
        await socket.join(
          session.leadScope
            ? [leadRoom(session.leadScope)]
            : [
                companyRoom(session.principal.companyId),
                userRoom(session.principal.id),
                ...(session.sessionId ? [sessionRoom(session.sessionId)] : []),
              ],
        );
        next();
      } catch (error) {
        next(error as Error);
      }
    });

    io.on('connection', (socket) => {
      let expiry: NodeJS.Timeout | undefined;
      const scheduleExpiry = (expiresAt: Date) => {
        clearTimeout(expiry);
        expiry = setTimeout(
          () => {
            socket.emit(socketEvents.socketError, {
              code: socketErrorCodes.tokenExpired,
              message: 'Your session token expired; reconnect with a refreshed one.',
            });
            socket.disconnect(true);
          },
          Math.max(0, expiresAt.getTime() - Date.now()),
        );
      };
      scheduleExpiry(socket.data.expiresAt as Date);
      socket.on('disconnect', () => clearTimeout(expiry));

      socket.on(socketEvents.reauthenticate, async (payload: unknown, ack?: unknown) => {
        const answer = (result: ReauthenticateAck) => {
          if (typeof ack === 'function') (ack as (result: ReauthenticateAck) => void)(result);
        };
        const parsed = reauthenticateRequestSchema.safeParse(payload);
        if (!parsed.success) return answer({ ok: false, error: 'Send { token }.' });
        try {
          const session = await verify(parsed.data.token);
          // The rooms were chosen for this user; another user's token needs its own connection.
          if (session.principal.id !== socketPrincipal(socket).id) {
            return answer({ ok: false, error: 'The token belongs to another user.' });
          }
          // Nor may a token widen or move them: a lead's socket stays on that lead.
          if (session.leadScope !== socketLeadScope(socket)) {
            return answer({ ok: false, error: 'The token is for another scope; connect again.' });
          }
          socket.data.principal = toSocketPrincipal(session.principal);
          socket.data.expiresAt = session.expiresAt;
          // Signing in again without signing out starts another session: follow it.
          const previousSession = socketSessionId(socket);
          if (previousSession !== session.sessionId) {
            if (previousSession) await socket.leave(sessionRoom(previousSession));
            if (session.sessionId) await socket.join(sessionRoom(session.sessionId));
            socket.data.sessionId = session.sessionId;
          }
          scheduleExpiry(session.expiresAt);
          answer({ ok: true });
        } catch (error) {
          answer({ ok: false, error: (error as Error).message });
        }
      });
    });

    app.decorate('io', io);
    app.addHook('preClose', async () => {
      io.disconnectSockets(true);
      await io.close();
    });
  },
  { name: 'socket', dependencies: ['auth'] },
);
