import type { FastifyPluginAsync } from 'fastify';
import { draftsRoutes } from './drafts.routes.js';

/**
 * Drafts kept on the server per lead and user, so leaving a lead, reloading or another device never
 * loses text. Private scratch text: not announced, not audited (the message sent from it is).
 */
export const draftsModule: FastifyPluginAsync = async (app) => {
  await app.register(draftsRoutes);
};
