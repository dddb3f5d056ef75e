import { apiRoutes } from '@leasing/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkDependencies } from './readiness.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let queueRunning = true;
  app.queue.once('stopped', () => {
    queueRunning = false;
  });

  app.get(apiRoutes.healthz, { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get(apiRoutes.readyz, { logLevel: 'warn' }, async (request, reply) => {
    const readiness = await checkDependencies({
      database: app.database,
      queue: app.queue,
      queueRunning: () => queueRunning,
      redis: app.counterRedis ? [app.counterRedis, ...app.liveRedis] : app.liveRedis,
    });
    if (!readiness.ready) {
      // Anyone may ask /readyz: the answer names what is down, the error text stays in the log.
      request.log.warn({ failed: readiness.failed, reason: readiness.reason }, 'not ready');
      return reply.status(503).send({ status: 'unavailable', failed: readiness.failed });
    }
    return { status: 'ready', database: app.database.kind };
  });
};
