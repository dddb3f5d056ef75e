import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { ownersRoutes } from './owners.routes.js';

/** Who works each lead: owners, the assistant hand-off, and properties' automatic assignment. */
export const ownersModule: FastifyPluginAsync<{ now: Clock }> = async (app, { now }) => {
  await app.register(ownersRoutes, { now });
};
