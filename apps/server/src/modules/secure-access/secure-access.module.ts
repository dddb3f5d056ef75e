import type { FastifyPluginAsync } from 'fastify';
import { secureAccessRoutes } from './secure-access.routes.js';

/** Secure-access links to one lead. */
export const secureAccessModule: FastifyPluginAsync = async (app) => {
  await app.register(secureAccessRoutes);
};
