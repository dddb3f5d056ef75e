import type { FastifyPluginAsync } from 'fastify';
import { propertiesRoutes } from './properties.routes.js';

/** Properties and their leads. */
export const propertiesModule: FastifyPluginAsync = async (app) => {
  await app.register(propertiesRoutes);
};
