import type { FastifyPluginAsync } from 'fastify';
import { conversationsRoutes } from './conversations.routes.js';

/** A lead's timeline, paged. */
export const conversationsModule: FastifyPluginAsync = async (app) => {
  await app.register(conversationsRoutes);
};
