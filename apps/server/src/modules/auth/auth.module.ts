import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth.routes.js';

/** Sign-in, refresh, sign-out and the current user (token checks are the authentication plugin). */
export const authModule: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
};
