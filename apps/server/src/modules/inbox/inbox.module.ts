import type { FastifyPluginAsync } from 'fastify';
import { inboxRoutes } from './inbox.routes.js';

/** The inbox and read marks. */
export const inboxModule: FastifyPluginAsync = async (app) => {
  await app.register(inboxRoutes);
};
