import type { FastifyPluginAsync } from 'fastify';
import { configRoutes } from './config.routes.js';

/** Public remote configuration. */
export const configModule: FastifyPluginAsync = async (app) => {
  await app.register(configRoutes);
};
