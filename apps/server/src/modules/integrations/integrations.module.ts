import type { FastifyPluginAsync } from 'fastify';
import { integrationsRoutes } from './integrations.routes.js';

/** The integration API (PMS ids, API keys). */
export const integrationsModule: FastifyPluginAsync = async (app) => {
  await app.register(integrationsRoutes);
};
