import type { FastifyPluginAsync } from 'fastify';
import { propertiesRoutes } from './properties.routes.js';

/** The company's properties. */
export const propertiesModule: FastifyPluginAsync = async (app) => {
  await app.register(propertiesRoutes);
};
