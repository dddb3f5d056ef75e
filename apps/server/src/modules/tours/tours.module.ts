import type { FastifyPluginAsync } from 'fastify';
import { toursRoutes } from './tours.routes.js';

/** Scheduled tours. */
export const toursModule: FastifyPluginAsync = async (app) => {
  await app.register(toursRoutes);
};
