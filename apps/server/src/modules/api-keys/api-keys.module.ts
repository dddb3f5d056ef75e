import type { FastifyPluginAsync } from 'fastify';
import { apiKeysRoutes } from './api-keys.routes.js';

/** The company's integration keys. */
export const apiKeysModule: FastifyPluginAsync = async (app) => {
  await app.register(apiKeysRoutes);
};
