import type { FastifyPluginAsync } from 'fastify';
import { notesRoutes } from './notes.routes.js';

/** A lead's notes. */
export const notesModule: FastifyPluginAsync = async (app) => {
  await app.register(notesRoutes);
};
