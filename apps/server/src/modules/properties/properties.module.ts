import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { propertiesRoutes } from './properties.routes.js';

/** Properties and their leads (a lead's lights are computed against `now`). */
export const propertiesModule: FastifyPluginAsync<{ now: Clock }> = async (app, { now }) => {
  await app.register(propertiesRoutes, { now });
};
