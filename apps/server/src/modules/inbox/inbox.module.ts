import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { inboxRoutes } from './inbox.routes.js';

/** The inbox (with each lead's lights, computed against `now`), the Today list and read marks. */
export const inboxModule: FastifyPluginAsync<{ now: Clock }> = async (app, { now }) => {
  await app.register(inboxRoutes, { now });
};
