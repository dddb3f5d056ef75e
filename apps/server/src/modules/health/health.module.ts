import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health.routes.js';

/** Liveness and readiness. */
export const healthModule: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
};
