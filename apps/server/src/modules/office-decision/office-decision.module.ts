import type { FastifyPluginAsync } from 'fastify';
import { officeDecisionRoutes } from './office-decision.routes.js';

/** Completing a lead's office decision. */
export const officeDecisionModule: FastifyPluginAsync = async (app) => {
  await app.register(officeDecisionRoutes);
};
