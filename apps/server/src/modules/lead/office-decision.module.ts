import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { officeDecisionRoutes } from './office-decision.routes.js';

export type OfficeDecisionModuleOptions = { now: Clock };

/** Completing a lead's office decision, with what was decided, and undoing that within a minute. */
export const officeDecisionModule: FastifyPluginAsync<OfficeDecisionModuleOptions> = async (
  app,
  { now },
) => {
  await app.register(officeDecisionRoutes, { now });
};
