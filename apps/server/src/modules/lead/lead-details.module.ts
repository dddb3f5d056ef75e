import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { leadDetailsRoutes } from './lead-details.routes.js';

export type LeadDetailsModuleOptions = { now: Clock };

/** A lead's contact details as staff correct them (the integration API writes them too). */
export const leadDetailsModule: FastifyPluginAsync<LeadDetailsModuleOptions> = async (
  app,
  { now },
) => {
  await app.register(leadDetailsRoutes, { now });
};
