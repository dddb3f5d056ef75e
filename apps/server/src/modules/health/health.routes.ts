import { apiRoutes } from '@leasing/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkReadiness } from '../../db/migrate.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(apiRoutes.healthz, { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get(apiRoutes.readyz, { logLevel: 'warn' }, async (_request, reply) => {
    const readiness = await checkReadiness(app.database);
    if (!readiness.ready)
      return reply.status(503).send({ status: 'unavailable', reason: readiness.reason });
    return { status: 'ready', database: app.database.kind };
  });
};
