import type { FastifyPluginAsync } from 'fastify';
import { leadSourcesRoutes } from './lead-sources.routes.js';

/**
 * Where a company's leads come from: the list admins keep (add, rename, merge). A lead gets its
 * source by hand (lead details), from the integration API (by name) or from the number a new
 * lead first wrote to.
 */
export const leadSourcesModule: FastifyPluginAsync = async (app) => {
  await app.register(leadSourcesRoutes);
};
