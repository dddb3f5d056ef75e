import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { propertiesRoutes } from './properties.routes.js';

export type PropertiesModuleOptions = { now: Clock };

/** Properties and their leads. */
export const propertiesModule: FastifyPluginAsync<PropertiesModuleOptions> = async (
  app,
  { now },
) => {
  await app.register(propertiesRoutes, { now });
};
