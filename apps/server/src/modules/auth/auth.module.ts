import type { FastifyPluginAsync } from 'fastify';
import { sharedNumberOf } from '../numbers/index.js';
import { authRoutes } from './auth.routes.js';
import { profileRoutes } from './profile.routes.js';

/**
 * Sign-in, refresh, sign-out and the signed-in person's own profile (token checks are the
 * authentication plugin).
 */
export const authModule: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(profileRoutes, {
    deps: { db: app.database.db, events: app.events, shared: sharedNumberOf(app.config) },
  });
};
