import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    io: Server;
  }
}

export const companyRoom = (companyId: string) => `company:${companyId}`;
export const userRoom = (userId: string) => `user:${userId}`;

/**
 * Socket.IO on the app's HTTP server. The handshake's token is verified like a REST call and the
 * server alone decides which rooms a socket is in.
 */
export const socketPlugin = fp(
  async (app: FastifyInstance) => {
    const io = new Server(app.server, {
      path: '/socket.io',
      cors: { origin: app.config.corsOrigins, credentials: true },
      serveClient: false,
    });

    if (app.config.redisUrl) {
      const pub = new Redis(app.config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
      const sub = pub.duplicate();
      await Promise.all([pub.connect(), sub.connect()]);
      io.adapter(createAdapter(pub, sub));
      app.addHook('onClose', async () => {
        await Promise.all([pub.quit(), sub.quit()]);
      });
    }

    io.use(async (socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown }).token;
      try {
        const principal = await app.resolvePrincipal(typeof token === 'string' ? token : undefined);
        socket.data.principal = principal;
        await socket.join([companyRoom(principal.companyId), userRoom(principal.id)]);
        next();
      } catch (error) {
        next(new Error((error as Error).message));
      }
    });

    app.decorate('io', io);
    app.addHook('preClose', async () => {
      io.disconnectSockets(true);
      await io.close();
    });
  },
  { name: 'socket', dependencies: ['auth'] },
);
