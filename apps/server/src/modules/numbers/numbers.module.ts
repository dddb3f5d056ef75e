import type { FastifyPluginAsync } from 'fastify';
import { numbersRoutes } from './numbers.routes.js';
import { sharedNumberOf } from './numbers.service.js';

/** The numbers registry: which company owns each SMS number. */
export const numbersModule: FastifyPluginAsync = async (app) => {
  const shared = sharedNumberOf(app.config);
  await app.register(numbersRoutes, { shared });
};
