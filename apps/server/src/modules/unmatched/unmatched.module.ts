import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { unmatchedRoutes } from './unmatched.routes.js';

export type UnmatchedModuleOptions = { now: Clock };

/**
 * Unmatched messages as work: the list (open / done), the count the navigation shows, and moving
 * a message to a lead, making a lead of it, or dismissing it. The inbound modules store them.
 */
export const unmatchedModule: FastifyPluginAsync<UnmatchedModuleOptions> = async (app, { now }) => {
  await app.register(unmatchedRoutes, { now });
};
